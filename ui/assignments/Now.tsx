import { useTranslate } from 'ra-core';

/** "Now: T-101" under a choice of the assignment dialog: what the driver has today (or none). */
export function Now({ label }: { label: string | null | undefined }) {
  const translate = useTranslate();
  return <>{translate('haulboard.assignments.now', { label: label ?? translate('haulboard.assignments.none') })}</>;
}
