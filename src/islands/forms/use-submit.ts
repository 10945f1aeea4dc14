import { useCallback, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { toastWarning } from '../../lib/toast.ts';
import { runSubmission, type SubmitResult, type Submission } from './submit.ts';

/**
 * The submit helper of every form island: `submit({ check, call })` runs the form's rule, keeps
 * `busy` (the submit button disabled, the form aria-busy) and the overlay while the call runs,
 * toasts the failure in the visitor's language, and resolves to the result for the success
 * handling. One hook per island: its forms share the busy state.
 */
export function useSubmit(lang: Lang) {
  const [busy, setBusy] = useState(false);
  // The state updates after a render; the ref stops a second submit at once.
  const running = useRef(false);

  const submit = useCallback(
    <T>(submission: Submission<T>): Promise<SubmitResult<T>> =>
      runSubmission(submission, {
        lang,
        isBusy: () => running.current,
        setBusy: (value) => {
          running.current = value;
          setBusy(value);
        },
        overlay: withLoading,
        warn: (message) => void toastWarning(message),
      }),
    [lang],
  );

  return { busy, submit };
}
