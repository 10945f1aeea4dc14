import { useState } from 'react';
import { isLongEnoughPassword, PASSWORD_MIN_LENGTH } from '../../../domain/validation.ts';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import {
  describedBy,
  FieldShell,
  inputClass,
  ltrIconPadding,
  ltrTogglePadding,
  type TextFieldProps,
} from './fields.tsx';

/*
 * The password inputs of the forms: one with a show/hide toggle (spec §2), and a new password
 * with its confirmation and the rules it must keep.
 */

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'ltr'> {
  lang: Lang;
  /** Another element that describes the input (the password rules). */
  describedBy?: string;
}

/** A password input with a show/hide toggle (spec §2). */
/**
 * A new password and its confirmation (sign-up, change password, reset link), with the password
 * rules under the first: each shows whether the typed password keeps it (a tick or a dot, said
 * to screen readers too), before any submit.
 */
export function NewPasswordFields({
  ids,
  labels,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors = [],
  lang,
}: {
  ids: [password: string, confirmation: string];
  labels: [password: string, confirmation: string];
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** The failed checks' messages of the two fields. */
  errors?: [password?: string, confirmation?: string];
  lang: Lang;
}) {
  const t = { locale: lang };
  const rulesId = `${ids[0]}-rules`;
  const rules = [
    [m.password_rule_length_hint({}, t), isLongEnoughPassword(password)],
    [m.password_rule_match_hint({}, t), confirmation !== '' && password === confirmation],
  ] as const;
  return (
    <>
      <PasswordField
        id={ids[0]}
        label={labels[0]}
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
        maxLength={128}
        minLength={PASSWORD_MIN_LENGTH}
        error={errors[0]}
        describedBy={rulesId}
        lang={lang}
      />
      <PasswordField
        id={ids[1]}
        label={labels[1]}
        autoComplete="new-password"
        value={confirmation}
        onValue={onConfirmation}
        maxLength={128}
        error={errors[1]}
        lang={lang}
      />
      <div id={rulesId} className="text-sm sm:col-span-2" data-password-rules>
        <p className="font-semibold text-ink-soft">{m.password_rules_title({}, t)}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {rules.map(([text, met]) => (
            <li
              key={text}
              className={`flex items-center gap-2 ${met ? 'text-status-accepted' : 'text-muted'}`}
              data-met={met}
            >
              <Icon name={met ? 'check' : 'dot'} className="size-4 shrink-0" />
              <span>{text}</span>
              <span className="sr-only">
                ({met ? m.password_rule_met({}, t) : m.password_rule_unmet({}, t)})
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export function PasswordField({
  id,
  label,
  value,
  onValue,
  hint,
  icon = 'lock',
  className,
  lang,
  error,
  describedBy: extra,
  ...input
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const t = { locale: lang };
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} icon={icon} className={className}>
      <input
        id={id}
        name={id}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={
          [describedBy(id, hint, error), extra].filter(Boolean).join(' ') || undefined
        }
        aria-invalid={error ? true : undefined}
        dir="ltr"
        autoCapitalize="off"
        spellCheck={false}
        className={`${inputClass} ${ltrIconPadding} ${ltrTogglePadding} rtl:text-right`}
        {...input}
      />
      <button
        type="button"
        onClick={() => setShown((value) => !value)}
        aria-pressed={shown}
        aria-controls={id}
        title={shown ? m.password_hide({}, t) : m.password_show({}, t)}
        className="absolute inset-y-0 end-0 grid w-12 place-items-center rounded-e-control text-muted transition-colors hover:text-brand-700"
      >
        <Icon name={shown ? 'eyeOff' : 'eye'} className="size-5" />
        <span className="sr-only">{m.password_show({}, t)}</span>
      </button>
    </FieldShell>
  );
}
