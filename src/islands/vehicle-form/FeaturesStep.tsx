import { FEATURE_MAX_LENGTH } from '../../../domain/vehicle-draft.ts';
import { featureFieldId } from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { TextField } from '../forms/fields.tsx';
import { Section } from './Section.tsx';
import type { StepProps } from './step-props.ts';

/** The vehicle form's three best features, one field each. */
export function FeaturesStep({ lang, form, update, errorOf }: StepProps) {
  const t = { locale: lang };
  return (
    <Section id="vehicle-section-features" title={m.vehicle_form_section_features({}, t)}>
      <p className="-mt-2 mb-4 text-sm text-muted">{m.vehicle_form_features_hint({}, t)}</p>
      <div className="grid gap-5 sm:grid-cols-3">
        {form.features.map((feature, index) => (
          <TextField
            key={index}
            id={featureFieldId(index)}
            label={m.vehicle_form_feature({ number: index + 1 }, t)}
            icon="check"
            maxLength={FEATURE_MAX_LENGTH}
            autoComplete="off"
            value={feature}
            onValue={(value) =>
              update({ features: form.features.map((old, at) => (at === index ? value : old)) })
            }
            error={errorOf(featureFieldId(index))}
          />
        ))}
      </div>
    </Section>
  );
}
