import { type ChangeEvent, useState } from 'react';

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
  const field = (name: keyof T) => ({
    name: String(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: !!visible(name),
    helperText: visible(name) ?? ' ',
  });
  const submit = () => {
    setSubmitted(true);
    return Object.keys(errors).length === 0;
  };
  return { values, field, submit };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
