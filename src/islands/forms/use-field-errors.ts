import { useCallback, useState } from 'react';
import type { FieldProblem, ValidationMessage } from '../../../domain/validation.ts';
import type { Lang } from '../../lib/i18n.ts';
import { validationText } from '../../lib/validation-text.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The invalid-field marking of a form: `mark(problems)` puts each failing field's message under
 * it (with aria-invalid, see fields.tsx), moves focus to the first one and answers the first
 * message for the spec's toast (the form's `check`); `clear(field)` drops a field's mark as soon
 * as the visitor edits it.
 */
export function useFieldErrors<F extends string>(lang: Lang, idOf: (field: F) => string) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const mark = useCallback(
    (problems: readonly FieldProblem<F>[]): ValidationMessage | null => {
      const marked: FieldErrors<F> = {};
      for (const { field, message } of problems) marked[field] = validationText(message, lang);
      setErrors(marked);
      const first = problems[0];
      // After the marks render, so that the focused field already names its message.
      if (first) requestAnimationFrame(() => document.getElementById(idOf(first.field))?.focus());
      return first?.message ?? null;
    },
    [lang, idOf],
  );

  const clear = useCallback((...fields: F[]) => {
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  return { errors, mark, clear };
}
