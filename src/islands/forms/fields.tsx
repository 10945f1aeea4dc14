import type { LookupItem } from '../../../server/routes/category/schemas.ts';
import {
  useEffect,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import type { IconName } from '../../components/icons/paths.ts';
import { Icon } from '../auth/icons.tsx';

/*
 * Form pieces shared by the form islands: the form element, a labelled text input, a select and
 * the submit button (the password inputs are in password-fields.tsx). Checks run on submit (spec §5:
 * a warning toast with the first failure, use-submit.ts), so the inputs carry no browser
 * validation of their own.
 */

export const inputClass =
  'block w-full min-h-12 rounded-control border border-line-strong bg-surface px-3.5 text-base text-ink shadow-xs transition-colors placeholder:text-muted/70 hover:border-brand-400 focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted';

/** The action buttons of a form's dialog (the forgot-password and crop dialogs). */
export const dialogButtonClass = {
  primary:
    'inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-6 font-bold text-white transition-colors hover:bg-brand-800 disabled:opacity-70',
  secondary:
    'inline-flex min-h-12 items-center justify-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800',
};

const labelClass = 'mb-1.5 block text-sm font-semibold text-ink-soft';

/*
 * Emails, numbers and passwords are typed left to right in both languages, so their inputs carry
 * dir="ltr" and their own start and end are physical left and right. The icon and the toggle
 * follow the page's direction instead, so the padding that clears them follows the page too.
 */
export const ltrIconPadding = '[[dir=rtl]_&]:pr-11 [[dir=ltr]_&]:pl-11';
export const ltrTogglePadding = '[[dir=rtl]_&]:pl-12 [[dir=ltr]_&]:pr-12';

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  /** A failed check about this field: shown under it and announced (role="alert"). */
  error?: string | null;
  icon?: IconName;
  className?: string;
  children: ReactNode;
}

/** The ids that describe an input: its hint and its error, when shown. */
export function describedBy(id: string, hint?: string, error?: string | null): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The error line under a field (see FieldShell); also used by the form islands' own fields. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-danger">
      {error}
    </p>
  );
}

export function FieldShell({ id, label, hint, error, icon, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        {icon && (
          <span className="pointer-events-none absolute inset-y-0 start-0 grid w-11 place-items-center text-muted">
            <Icon name={icon} className="size-5" />
          </span>
        )}
        {children}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends NativeInput {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: string | null;
  icon?: IconName;
  className?: string;
  /** Left to right in both languages (emails, numbers); right-aligned on Arabic pages. */
  ltr?: boolean;
}

export function TextField({
  id,
  label,
  value,
  onValue,
  hint,
  error,
  icon,
  className,
  ltr,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} icon={icon} className={className}>
      <input
        id={id}
        name={id}
        type="text"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        dir={ltr ? 'ltr' : undefined}
        className={`${inputClass} ${icon ? (ltr ? ltrIconPadding : 'ps-11') : ''} ${ltr ? 'rtl:text-right' : ''}`}
        {...input}
      />
    </FieldShell>
  );
}

/** An email input: left to right, the email keyboard, at most 254 characters. */
export function EmailField({
  autoComplete = 'email',
  ...field
}: Omit<TextFieldProps, 'type' | 'ltr' | 'inputMode' | 'maxLength'>) {
  return (
    <TextField
      type="email"
      icon="mail"
      ltr
      inputMode="email"
      autoComplete={autoComplete}
      maxLength={254}
      {...field}
    />
  );
}

interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  rows?: number;
  maxLength?: number;
  className?: string;
}

/** A labelled multi-line input. */
export function TextAreaField({
  id,
  label,
  value,
  onValue,
  hint,
  rows = 4,
  maxLength,
  className,
}: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} className={className}>
      <textarea
        id={id}
        name={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`${inputClass} py-3 leading-relaxed`}
      />
    </FieldShell>
  );
}

/** A choice of a select: a lookup item as the Category calls answer it. */
export type Option = LookupItem;

interface SelectFieldProps {
  id: string;
  label: string;
  value: number;
  onValue: (value: number) => void;
  options: readonly Option[];
  placeholder: string;
  disabled?: boolean;
  error?: string | null;
  icon?: IconName;
  className?: string;
}

/** A select of ids; 0 is "none chosen" (spec §5). */
export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
  placeholder,
  disabled,
  error,
  icon,
  className,
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} icon={icon} className={className}>
      <select
        id={id}
        name={id}
        value={String(value)}
        disabled={disabled}
        aria-describedby={describedBy(id, undefined, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onValue(Number(event.target.value) || 0)}
        className={`${inputClass} appearance-none pe-10 ${icon ? 'ps-11' : ''}`}
      >
        <option value="0">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </select>
      <span className="pointer-events-none absolute inset-y-0 end-0 grid w-10 place-items-center text-muted">
        <Icon name="chevronDown" className="size-4" />
      </span>
    </FieldShell>
  );
}

/** False in the server render and until the island has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The primary submit button of the account forms. It stays disabled until the island has
 * hydrated: pressing Enter earlier would submit the bare HTML form (with the password in the
 * URL), and a disabled default button blocks that implicit submission.
 */
export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 text-base font-bold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
    >
      {children}
    </button>
  );
}

type NativeForm = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>;

interface FormProps extends NativeForm {
  /** Called on submit (the browser's own submission never happens). */
  onSubmit: () => void;
  /** A submission is running: the form says so to assistive technology. */
  busy?: boolean;
}

/** A form whose submit goes to `onSubmit` (through useSubmit), without browser validation. */
export function Form({ onSubmit, busy, children, ...form }: FormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form method="post" noValidate aria-busy={busy || undefined} onSubmit={submit} {...form}>
      {children}
    </form>
  );
}
