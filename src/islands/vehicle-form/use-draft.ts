import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  indexedDbBackend,
  VehicleDraftStore,
  type DraftSnapshot,
} from '../../lib/vehicle-draft-store.ts';
import {
  fieldsOf,
  sameForm,
  type VehicleFormFields,
  type VehicleFormState,
} from '../../lib/vehicle-form.ts';

/** Keystrokes are gathered for this long before the draft is written. */
const SAVE_DELAY_MS = 400;

let shared: VehicleDraftStore<VehicleFormFields> | null | undefined;

/** The browser's draft store; null where IndexedDB is missing (the form still works). */
export function draftStore(): VehicleDraftStore<VehicleFormFields> | null {
  if (shared === undefined) {
    shared =
      typeof indexedDB === 'undefined'
        ? null
        : new VehicleDraftStore<VehicleFormFields>(indexedDbBackend());
  }
  return shared;
}

/** 'saving' from a change until it is written, so 'saved' always means the latest state. */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

export function snapshotOf(form: VehicleFormState): DraftSnapshot<VehicleFormFields> {
  return {
    savedAt: Date.now(),
    fields: fieldsOf(form),
    mainImage: form.mainImage,
    photos: form.photos,
  };
}

/**
 * Keeps the form as a draft while it differs from `baseline` (the empty form, or the vehicle as
 * loaded), and forgets it when it is back to it. Off until the page has restored what there was
 * (`key` null), so an empty form never overwrites a saved draft.
 */
export function useDraftAutosave(
  key: string | null,
  form: VehicleFormState,
  baseline: VehicleFormState | null,
) {
  const [status, setStatus] = useState<DraftStatus>('idle');
  const pending = useRef<(() => Promise<void>) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  /** Counts changes: a write reports its outcome only while no newer change is waiting. */
  const generation = useRef(0);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const write = pending.current;
    pending.current = null;
    if (write) await write();
  }, []);

  // Before paint, so a change never shows beside the 'saved' of the one before it.
  useLayoutEffect(() => {
    const store = draftStore();
    if (!key || !baseline || !store || stopped.current) return;
    const mine = (generation.current += 1);
    const settle = (status: DraftStatus) => {
      if (generation.current === mine) setStatus(status);
    };
    pending.current = async () => {
      try {
        if (sameForm(form, baseline)) {
          await store.clear(key);
          settle('idle');
        } else {
          await store.save(key, snapshotOf(form));
          settle('saved');
        }
      } catch (problem) {
        // Storage full or refused (private mode): the form goes on without a draft.
        console.warn('vehicle draft', problem);
        settle('failed');
      }
    };
    setStatus((current) => (current === 'idle' && sameForm(form, baseline) ? 'idle' : 'saving'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [key, form, baseline, flush]);

  // Leaving the page (reload, another tab on a phone) writes what is waiting at once.
  useEffect(() => {
    const onHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
    };
  }, [flush]);

  /** The vehicle is saved: nothing more is written, and the draft is forgotten. */
  const discard = useCallback(
    async (stop: boolean) => {
      clearTimeout(timer.current);
      pending.current = null;
      generation.current += 1;
      if (stop) stopped.current = true;
      const store = draftStore();
      if (key && store) await store.clear(key).catch(() => undefined);
      setStatus('idle');
    },
    [key],
  );

  return { status, discard };
}
