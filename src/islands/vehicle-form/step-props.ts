import type { Lang } from '../../lib/i18n.ts';
import type { InputRule } from '../../lib/vehicle-form-rules.ts';
import type { VehicleFormState } from '../../lib/vehicle-form.ts';

/** What every step of the vehicle form takes from the form (./VehicleForm.tsx). */
export interface StepProps {
  lang: Lang;
  form: VehicleFormState;
  update: (change: Partial<VehicleFormState>) => void;
  /** The message under a field: the problem shown, or its mark after a submit. */
  errorOf: (field: string) => string | null;
}

/** A number input's rule on input and on blur (see VehicleForm's numberInput). */
export type NumberInput = (
  name: 'year' | 'numOfMeals' | 'price',
  field: string,
  rule: (text: string) => InputRule,
) => (raw: string) => void;
