import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';

/**
 * Which fields of a form may show their error yet: those the user has left once (touched), or all of them once a save
 * was tried. react-hook-form validates a whole list (the vehicles of an order) after a row is added or removed, which
 * would put "Required" under every field of the new row before it is touched; ui/zodResolver.ts asks this to keep those.
 */
export interface ShownErrors {
  shows(path: string): boolean;
}

/**
 * A reader for the resolver, and the element that feeds it from inside the form (the resolver is made before the form
 * exists). Render `probe` anywhere inside the form.
 */
export function useShownErrors(): { shown: ShownErrors; probe: React.ReactElement } {
  const reader = useRef<ShownErrors>({ shows: () => true });
  return { shown: reader.current, probe: <ShownErrorsProbe reader={reader.current} /> };
}

function ShownErrorsProbe({ reader }: { reader: ShownErrors }) {
  const { getFieldState, formState } = useFormContext();
  // Read while rendering, so that this re-renders when a save is first tried.
  const submitted = formState.isSubmitted;
  reader.shows = (path) => submitted || getFieldState(path).isTouched;
  return null;
}
