import { m } from '../../paraglide/messages.js';
import { SelectField } from '../forms/fields.tsx';
import type { Lookups } from './lookups.ts';
import type { StepProps } from './step-props.ts';

/** A lookup value of the vehicle (body type, colour, …, currency) chosen from its list. */
export function CodeSelect({
  id,
  label,
  name,
  options,
  lang,
  form,
  update,
  errorOf,
}: StepProps & {
  id: string;
  label: string;
  name:
    | 'bodyTypeIdCfk'
    | 'colorIdCFK'
    | 'paintedTypeIdCfk'
    | 'paintedStatusIdCfk'
    | 'specificationIdCfk'
    | 'gearTypeIdCfk'
    | 'oilTypeIdCfk'
    | 'currency';
  options: Lookups[keyof Lookups];
}) {
  const t = { locale: lang };
  return (
    <SelectField
      id={id}
      label={label}
      value={form[name]}
      onValue={(value) => update({ [name]: value })}
      options={options}
      placeholder={m.vehicle_form_choose({}, t)}
      error={errorOf(id)}
    />
  );
}
