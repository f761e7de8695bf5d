import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSourceContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';

/**
 * A field whose whole value lets the server fill the fields beside it (a VIN its vehicle, a ZIP its city and state):
 * the answer for the value once it is whole, and a way to fill a neighbour only where nothing was typed — what the
 * dispatcher typed by hand is never overwritten. Neighbours are named as the field is, in the same group or row
 * ("pickup.zip" → "pickup.city", "vehicles.1.vin" → "vehicles.1.year").
 */
export function useLookup<T>(source: string, whole: (value: string) => boolean, url: (value: string) => string) {
  const path = useSourceContext().getSource(source);
  const sibling = useCallback((name: string) => path.replace(/[^.]+$/, name), [path]);
  const typed = useWatch({ name: path }) as string | number | undefined;
  const value = String(typed ?? '')
    .trim()
    .toUpperCase();
  const enabled = whole(value);
  const answer = useQuery({
    queryKey: ['lookup', url(value)],
    queryFn: async ({ signal }) => unwrap<T>(await apiFetch(url(value), { signal })),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return { found: enabled ? answer.data : undefined, unknown: enabled && !!answer.error, sibling };
}

/** Once `found` arrives, each neighbour of `fill` that is still empty (or, for `replaceUntouched`, still as it started) takes its value. */
export function useFill(
  found: unknown,
  sibling: (name: string) => string,
  fill: () => Record<string, unknown>,
  replaceUntouched: readonly string[] = [],
) {
  const { getValues, getFieldState, setValue } = useFormContext();
  useEffect(() => {
    if (!found) return;
    for (const [source, value] of Object.entries(fill())) {
      if (value == null) continue;
      const path = sibling(source);
      const now = getValues(path);
      const open = now == null || now === '' || (replaceUntouched.includes(source) && !getFieldState(path).isDirty);
      if (open) setValue(path, value, { shouldDirty: true, shouldValidate: getFieldState(path).isTouched });
    }
    // `fill` and the list are read when an answer arrives, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, sibling, getValues, getFieldState, setValue]);
}
