import { FIELD_IDS } from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { CodeSelect } from './CodeSelect.tsx';
import type { Lookups } from './lookups.ts';
import { Section } from './Section.tsx';
import type { StepProps } from './step-props.ts';

/** The vehicle form's specifications: body type, colour, paint, specification, gear and fuel. */
export function SpecsStep(props: StepProps & { lookups: Lookups }) {
  const { lang, form, update, errorOf, lookups } = props;
  const step = { lang, form, update, errorOf };
  const t = { locale: lang };
  return (
    <Section id="vehicle-section-specs" title={m.vehicle_form_section_specs({}, t)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <CodeSelect
          {...step}
          id={FIELD_IDS.bodyType}
          label={m.vehicle_body_type({}, t)}
          name="bodyTypeIdCfk"
          options={lookups.bodyTypes}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.color}
          label={m.vehicle_color({}, t)}
          name="colorIdCFK"
          options={lookups.colors}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.paintedType}
          label={m.vehicle_painted_type({}, t)}
          name="paintedTypeIdCfk"
          options={lookups.paintedTypes}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.paintedStatus}
          label={m.vehicle_painted_status({}, t)}
          name="paintedStatusIdCfk"
          options={lookups.paintedStatuses}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.specification}
          label={m.vehicle_specification({}, t)}
          name="specificationIdCfk"
          options={lookups.specifications}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.gearType}
          label={m.vehicle_gear_type({}, t)}
          name="gearTypeIdCfk"
          options={lookups.gearTypes}
        />
        <CodeSelect
          {...step}
          id={FIELD_IDS.oilType}
          label={m.vehicle_oil_type({}, t)}
          name="oilTypeIdCfk"
          options={lookups.oilTypes}
        />
      </div>
    </Section>
  );
}
