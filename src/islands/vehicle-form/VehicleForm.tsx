import type { SavedVehicle, VehicleForUpdate } from '../../../server/routes/vehicle/schemas.ts';
import { useEffect, useRef, useState } from 'react';
import type { ValidationMessage } from '../../../domain/validation.ts';
import { apiGet, errorMessage } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { $userId } from '../../lib/session.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { toastWarning } from '../../lib/toast.ts';
import { uploadJson, type UploadProgress as Progress } from '../../lib/upload.ts';
import { validationText } from '../../lib/validation-text.ts';
import { draftKey } from '../../lib/vehicle-draft-store.ts';
import {
  emptyVehicleForm,
  formOfVehicle,
  originalImagesOf,
  requestBodyOf,
  restoreForm,
  type FormMode,
  type OriginalImages,
  type VehicleFormState,
} from '../../lib/vehicle-form.ts';
import {
  FIELD_IDS,
  fieldOfMessage,
  vehicleFormProblems,
  type InputRule,
} from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { Form } from '../forms/fields.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import { DescriptionEditor, type DescriptionEditorHandle } from './DescriptionEditor.tsx';
import { BasicsStep } from './BasicsStep.tsx';
import { DraftRestored } from './DraftRestored.tsx';
import { ExtrasField } from './ExtrasField.tsx';
import { FeaturesStep } from './FeaturesStep.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { emptyLookups, loadLookups, useModels, type Lookups } from './lookups.ts';
import { MainImageField } from './MainImageField.tsx';
import { PhotosField } from './PhotosField.tsx';
import { PriceStep } from './PriceStep.tsx';
import { Section } from './Section.tsx';
import { SpecsStep } from './SpecsStep.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { draftStore, useDraftAutosave } from './use-draft.ts';

interface Props {
  lang: Lang;
  mode: 'create' | 'update';
  /** The vehicle to edit (the page's ?id=); 0 when missing or not a number. */
  vehicleId?: number;
}

/** The failing check shown under its field (and announced), with the id of that field. */
interface Problem {
  field: string | null;
  message: string;
}

const MY_VEHICLES_PATH = '/profile/my_vehicles';

/**
 * Add vehicle and edit vehicle (spec §2, §4, §5, §8; issue 9): the reference lists load in
 * parallel behind the overlay, the form keeps a draft in the browser until the vehicle is saved,
 * number inputs clamp as they are typed, the checks of §5 run in order on submit, a confirmation
 * comes before the call, and the upload shows its progress and can be retried.
 *
 * Drafts: one per account for the add page and one per account and vehicle for the edit page,
 * kept only while the form differs from where it started (empty, or the vehicle as loaded).
 * Opening the page restores it over that start with a note and a "discard" action; saving the
 * vehicle forgets it. A failed submit keeps everything on the page as well.
 */
export default function VehicleForm({ lang, mode, vehicleId = 0 }: Props) {
  const t = { locale: lang };
  const [form, setForm] = useState<VehicleFormState>(emptyVehicleForm);
  const [baseline, setBaseline] = useState<VehicleFormState | null>(null);
  const [original, setOriginal] = useState<OriginalImages | null>(null);
  const [lookups, setLookups] = useState<Lookups>(emptyLookups);
  const [key, setKey] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Every invalid field after a submit, by input id; a mark goes once its field passes. */
  const [marks, setMarks] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [retry, setRetry] = useState(false);
  const description = useRef<DescriptionEditorHandle>(null);
  const { busy, submit } = useSubmit(lang);
  const models = useModels(form.brandIdFk, lang);
  const draft = useDraftAutosave(key, form, baseline);
  const ready = baseline !== null;
  const target: FormMode | null =
    mode === 'create'
      ? { mode: 'create' }
      : original
        ? { mode: 'update', id: vehicleId, original }
        : null;

  // Once, when the page opens: the lists, the vehicle (edit page) and a saved draft, together.
  useEffect(() => {
    if (mode === 'update' && !(vehicleId > 0)) {
      setLoadError(validationText('vehicle_check_id', lang));
      return;
    }
    const keyOfDraft = draftKey($userId.get() ?? 0, mode === 'update' ? vehicleId : undefined);
    const store = draftStore();
    withLoading(() =>
      Promise.all([
        loadLookups(lang),
        mode === 'update'
          ? apiGet<VehicleForUpdate>(
              '/api/Vehicle/GetVehicelForUpdate',
              { id: vehicleId },
              { lang },
            )
          : Promise.resolve(null),
        store
          ? store.load(keyOfDraft).catch((error: unknown) => {
              console.warn('vehicle draft', error);
              return null;
            })
          : Promise.resolve(null),
      ]),
    ).then(
      ([lists, vehicle, saved]) => {
        const base = vehicle ? formOfVehicle(vehicle) : emptyVehicleForm();
        setLookups(lists);
        if (vehicle) setOriginal(originalImagesOf(vehicle));
        setBaseline(base);
        setForm(saved ? restoreForm(base, saved) : base);
        setRestoredAt(saved ? saved.savedAt : null);
        setKey(keyOfDraft);
      },
      (error: unknown) =>
        setLoadError(errorMessage(error, lang, { fallback: m.vehicle_form_load_failed({}, t) })),
    );
    // Once, when the page opens (spec §4).
  }, []);

  const update = (change: Partial<VehicleFormState>) => {
    setForm((current) => ({ ...current, ...change }));
    setProblem(null);
  };

  const show = (field: string | null, message: string, toast = true) => {
    if (toast) void toastWarning(message);
    setProblem({ field, message });
  };

  /** A number input's rule on input and on blur: the clamp's toast when it changed the value. */
  const numberInput =
    (name: 'year' | 'numOfMeals' | 'price', field: string, rule: (text: string) => InputRule) =>
    (raw: string) => {
      const { text, message } = rule(raw);
      update({ [name]: text });
      if (message) show(field, validationText(message, lang));
    };

  const blurYear = () => {
    const digits = form.year.length;
    // Spec §5 clamps at 4 digits; a shorter year is flagged when leaving the field.
    if (digits > 0 && digits < 4)
      show(FIELD_IDS.year, validationText('vehicle_year_min', lang), false);
  };

  const focusField = (field: string | null) => {
    if (!field) return;
    if (field === FIELD_IDS.description) description.current?.focus();
    else document.getElementById(field)?.focus();
  };

  /** The marks of every failing check, by field (the first message of each). */
  const marksOf = (problems: readonly ValidationMessage[], state: VehicleFormState) => {
    const marked: Record<string, string> = {};
    for (const key of problems) {
      const field = fieldOfMessage(key, state);
      if (field && !(field in marked)) marked[field] = validationText(key, lang);
    }
    return marked;
  };

  // A mark stays while its field still fails, and goes as soon as the visitor has fixed it.
  useEffect(() => {
    if (!target) return;
    setMarks((current) => {
      if (Object.keys(current).length === 0) return current;
      const still = marksOf(vehicleFormProblems(form, target), form);
      const kept = Object.fromEntries(
        Object.keys(current)
          .filter((field) => field in still)
          .map((field) => [field, still[field]!]),
      );
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  }, [form]);

  /** The spec's toast for the first failure, every failing field marked, focus on the first. */
  const report = (problems: readonly ValidationMessage[]) => {
    const first = problems[0]!;
    const field = fieldOfMessage(first, form);
    setMarks(marksOf(problems, form));
    show(field, validationText(first, lang));
    requestAnimationFrame(() => focusField(field));
  };

  const send = async (confirmed: boolean) => {
    if (!target || busy) return;
    const failing = vehicleFormProblems(form, target);
    if (failing.length > 0) {
      report(failing);
      return;
    }
    if (!confirmed) {
      const yes = await confirmDialog(
        mode === 'create'
          ? {
              title: m.vehicle_form_confirm_add({}, t),
              text: m.vehicle_form_confirm_add_text({}, t),
              confirmText: m.vehicle_form_submit_add({}, t),
              lang,
            }
          : {
              title: m.vehicle_form_confirm_save({}, t),
              confirmText: m.vehicle_form_submit_save({}, t),
              lang,
            },
      );
      if (!yes) return;
    }
    setRetry(false);
    const body = requestBodyOf(form, target);
    const result = await submit({
      call: () =>
        uploadJson<SavedVehicle>(
          mode === 'create' ? '/api/Vehicle/CreateVehicle' : '/api/Vehicle/UpdateVehicle',
          { method: mode === 'create' ? 'POST' : 'PUT', body, lang, onProgress: setProgress },
        ),
    });
    setProgress(null);
    if (!result.ok) {
      // No answer (network, timeout): everything is still here, one press sends it again.
      if (result.reason === 'failed' && result.status === 0) setRetry(true);
      return;
    }
    await draft.discard(true);
    setFlash({
      kind: 'success',
      message:
        mode === 'create' ? m.vehicle_form_add_success({}, t) : m.vehicle_form_edit_success({}, t),
    });
    window.location.assign(localizePath(MY_VEHICLES_PATH, lang));
  };

  const discardDraft = async () => {
    const yes = await confirmDialog({
      title: m.vehicle_form_draft_discard_confirm({}, t),
      confirmText: m.vehicle_form_draft_discard({}, t),
      danger: true,
      lang,
    });
    if (!yes || !baseline) return;
    await draft.discard(false);
    setForm(baseline);
    setRestoredAt(null);
    setProblem(null);
    setMarks({});
  };

  const errorOf = (field: string) =>
    problem?.field === field ? problem.message : (marks[field] ?? null);
  const back = localizePath(MY_VEHICLES_PATH, lang);

  if (loadError) return <LoadFailed lang={lang} message={loadError} back={back} />;

  return (
    <Form
      onSubmit={() => void send(false)}
      busy={busy}
      className="flex flex-col gap-5"
      data-vehicle-form={mode}
      data-ready={ready || undefined}
    >
      {restoredAt !== null && (
        <DraftRestored lang={lang} savedAt={restoredAt} onDiscard={() => void discardDraft()} />
      )}

      <BasicsStep
        lang={lang}
        form={form}
        update={update}
        errorOf={errorOf}
        numberInput={numberInput}
        blurYear={blurYear}
        lookups={lookups}
        models={models}
      />

      <SpecsStep lang={lang} form={form} update={update} errorOf={errorOf} lookups={lookups} />

      <PriceStep
        lang={lang}
        form={form}
        update={update}
        errorOf={errorOf}
        numberInput={numberInput}
        lookups={lookups}
      />

      <FeaturesStep lang={lang} form={form} update={update} errorOf={errorOf} />

      <Section id="vehicle-section-main-image" title={m.vehicle_form_section_main_image({}, t)}>
        <MainImageField
          lang={lang}
          id={FIELD_IDS.mainImage}
          image={form.mainImage}
          onImage={(mainImage) => update({ mainImage })}
          error={errorOf(FIELD_IDS.mainImage)}
        />
      </Section>

      <Section id="vehicle-section-photos" title={m.vehicle_form_section_photos({}, t)}>
        <PhotosField
          lang={lang}
          id={FIELD_IDS.photos}
          labelledBy="vehicle-section-photos"
          photos={form.photos}
          onPhotos={(change) => {
            setForm((current) => ({ ...current, photos: change(current.photos) }));
            setProblem(null);
          }}
          error={errorOf(FIELD_IDS.photos)}
        />
      </Section>

      <Section id="vehicle-section-description" title={m.vehicle_form_section_description({}, t)}>
        <DescriptionEditor
          ref={description}
          lang={lang}
          id={FIELD_IDS.description}
          labelledBy="vehicle-section-description"
          value={form.description}
          onChange={(html) => update({ description: html })}
          error={errorOf(FIELD_IDS.description)}
        />
      </Section>

      <Section id="vehicle-section-extras" title={m.vehicle_form_section_extras({}, t)}>
        <p className="-mt-2 mb-4 text-sm text-muted">{m.vehicle_form_extras_hint({}, t)}</p>
        <ExtrasField
          lang={lang}
          rows={form.extras}
          onRows={(extras) => update({ extras })}
          errorOf={errorOf}
        />
      </Section>

      <SubmitBar
        lang={lang}
        mode={mode}
        busy={busy}
        ready={ready}
        retry={retry}
        draftStatus={draft.status}
        back={back}
        onRetry={() => void send(true)}
      />
      {progress && <UploadProgress lang={lang} progress={progress} />}
    </Form>
  );
}
