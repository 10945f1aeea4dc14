import { FIELD_IDS, mealsInput, yearInput } from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { SelectField, TextField } from '../forms/fields.tsx';
import type { Lookups } from './lookups.ts';
import { Section } from './Section.tsx';
import type { StepProps, NumberInput } from './step-props.ts';

/** The vehicle form's first step: the make, model, year and distance. */
export function BasicsStep({
  lang,
  form,
  update,
  errorOf,
  numberInput,
  blurYear,
  lookups,
  models,
}: StepProps & {
  numberInput: NumberInput;
  blurYear: () => void;
  lookups: Lookups;
  models: Lookups['brands'];
}) {
  const t = { locale: lang };
  return (
    <Section id="vehicle-section-basics" title={m.vehicle_form_section_basics({}, t)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={FIELD_IDS.brand}
          label={m.vehicle_brand({}, t)}
          icon="car"
          value={form.brandIdFk}
          // Spec §4: a new make resets the model and loads that make's models.
          onValue={(brandIdFk) => update({ brandIdFk, modelIdFk: 0 })}
          options={lookups.brands}
          placeholder={m.vehicle_form_choose({}, t)}
          error={errorOf(FIELD_IDS.brand)}
        />
        <SelectField
          id={FIELD_IDS.model}
          label={m.vehicle_model({}, t)}
          // The stored model shows once its make's list has arrived.
          value={models.length > 0 ? form.modelIdFk : 0}
          onValue={(modelIdFk) => update({ modelIdFk })}
          options={models}
          disabled={models.length === 0}
          placeholder={
            form.brandIdFk > 0
              ? m.vehicle_form_choose({}, t)
              : m.vehicle_form_choose_brand_first({}, t)
          }
          error={errorOf(FIELD_IDS.model)}
        />
        <TextField
          id={FIELD_IDS.year}
          label={m.vehicle_year({}, t)}
          hint={m.vehicle_form_year_hint({}, t)}
          ltr
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={form.year}
          onValue={numberInput('year', FIELD_IDS.year, yearInput)}
          onBlur={blurYear}
          error={errorOf(FIELD_IDS.year)}
        />
        <TextField
          id={FIELD_IDS.meals}
          label={m.vehicle_form_distance({}, t)}
          icon="gauge"
          ltr
          inputMode="numeric"
          autoComplete="off"
          value={form.numOfMeals}
          onValue={numberInput('numOfMeals', FIELD_IDS.meals, mealsInput)}
          onBlur={() => numberInput('numOfMeals', FIELD_IDS.meals, mealsInput)(form.numOfMeals)}
          error={errorOf(FIELD_IDS.meals)}
        />
      </div>
    </Section>
  );
}
