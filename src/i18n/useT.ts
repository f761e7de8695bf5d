import { useCallback } from 'react';
import { translate } from '.';

/**
 * Translation for the public pages, which load before (and without) react-admin. Inside the admin shell,
 * react-admin's useTranslate reads the same catalogue.
 */
export function useT() {
  return useCallback((key: string, options?: Record<string, unknown>) => translate(`haulboard.${key}`, options), []);
}
