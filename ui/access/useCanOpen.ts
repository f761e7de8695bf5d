import { useCallback } from 'react';
import { canAccessPath } from '../../authProvider/access';
import { ANY_ROUTES } from '../../authProvider/routes';
import { useFeatureGroups } from './useFeatureGroups';

/**
 * Whether the signed-in user may open an address of the app (its path, the query ignored), by the same rule as the
 * route guard (authProvider/access.ts): a screen offers a link only where it leads somewhere, never to a 403.
 */
export function useCanOpen(): (to: string) => boolean {
  const { data: groups } = useFeatureGroups();
  return useCallback((to: string) => canAccessPath(to.split('?')[0], groups ?? [], ANY_ROUTES), [groups]);
}
