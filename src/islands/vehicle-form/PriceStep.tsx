import { FIELD_IDS, priceInput, priceOnBlur } from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { TextField } from '../forms/fields.tsx';
import { CodeSelect } from './CodeSelect.tsx';
import type { Lookups } from './lookups.ts';
import { Section } from './Section.tsx';
import type { StepProps, NumberInput } from './step-props.ts';

/** The vehicle form's price and its currency. */
export function PriceStep(props: StepProps & { numberInput: NumberInput; lookups: Lookups }) {
  const { lang, form, update, errorOf, numberInput, lookups } = props;
  const step = { lang, form, update, errorOf };
  const t = { locale: lang };
  return (
    <Section id="vehicle-section-price" title={m.vehicle_form_section_price({}, t)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={FIELD_IDS.price}
          label={m.vehicle_price({}, t)}
          ltr
          inputMode="decimal"
          autoComplete="off"
          value={form.price}
          onValue={numberInput('price', FIELD_IDS.price, priceInput)}
          onBlur={() => update({ price: priceOnBlur(form.price) })}
          error={errorOf(FIELD_IDS.price)}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.currency}
          label={m.vehicle_form_currency({}, t)}
          name="currency"
          options={lookups.currencies}
        />
      </div>
    </Section>
  );
}
