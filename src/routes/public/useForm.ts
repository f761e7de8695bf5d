import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';

type Validator<T> = (values: T) => Partial<Record<keyof T, string>>;

/**
 * Small form state for the public pages (which load without react-admin's form library): values, errors shown
 * once a field was touched or the form submitted, re-checked as the user types.
 */
export function useForm<T extends Record<string, string>>(initial: T, validate: Validator<T>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);
  const visible = (field: keyof T) => (submitted || touched[field] ? errors[field] : undefined);
  /** An input's props; `hint` is its help line while it has no problem to show. */
  const field = (name: keyof T, hint?: string) => ({
    name: String(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: !!visible(name),
    helperText: visible(name) ?? hint ?? ' ',
  });
  const submit = () => {
    setSubmitted(true);
    return Object.values(errors).every((problem) => !problem);
  };
  return { values, field, submit };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail rule of every public form: required, then a plausible address. */
export function emailProblem(value: string, t: (key: string) => string): string | undefined {
  if (!value.trim()) return t('login.email_required');
  if (!EMAIL_PATTERN.test(value.trim())) return t('login.email_invalid');
  return undefined;
}

/**
 * Submitting a form that calls the API (public pages, account screens): checks the fields first, shows progress, and turns a failure into
 * the message the server gave (or the fallback).
 */
export function useSubmit(validate: () => boolean, action: () => Promise<void>, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setErrorState] = useState<string | null>(null);
  const setError = useCallback((message: string | null) => setErrorState(message), []);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message || fallback);
    }
    setBusy(false);
  };
  return { busy, error, setError, onSubmit };
}
