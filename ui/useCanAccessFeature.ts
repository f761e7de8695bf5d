import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { governingPath } from '../authProvider/routes';
import { FEATURES, type FeatureKey } from '../schema/features';
import { type FeatureGroup, getGroups } from '../dataProvider/session';
import { FEATURES_QUERY_KEY } from './access/useFeatureGroups';

function holds(groups: FeatureGroup[], resource: string, permission: string): boolean {
  const path = governingPath(resource, groups);
  const feature = groups.flatMap((g) => g.features).find((f) => f.uri === path);
  return !!feature && feature.permissions.includes(permission);
}

/**
 * The feature list as the sidebar last fetched it (useFeatureGroups keeps it in react-query), or as the session
 * stored it before that; and a re-check whenever that query changes. A plain read of the cache, not a query observer:
 * a list row asks this for each link and button in it, and fifty observers made and subscribed per page were a
 * measurable part of showing the rows.
 */
function useFeatureAnswer(answer: (groups: FeatureGroup[]) => boolean): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === JSON.stringify(FEATURES_QUERY_KEY)) changed();
      }),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    answer(client.getQueryData<FeatureGroup[]>(FEATURES_QUERY_KEY) ?? getGroups()),
  );
}

/** Whether the signed-in user holds `permission` on the feature a resource belongs to (buttons hide otherwise). */
export function useCanAccessFeature(resource: string, permission: string): boolean {
  return useFeatureAnswer((groups) => holds(groups, resource, permission));
}

/**
 * Whether the user holds `permission` on the feature at `uri` itself — not on whichever feature governs a resource
 * (a driver reads their own ledger through the driver report, which does not make them finance staff).
 */
export function useHoldsFeature(uri: string, permission: string): boolean {
  return useFeatureAnswer((groups) =>
    groups.some((g) => g.features.some((f) => f.uri === uri && f.permissions.includes(permission))),
  );
}

/** Whether the user holds `permission` on any of the features `keys` (who may read a shared dropdown: schema/dropdowns.ts). */
export function useHoldsAnyFeature(keys: readonly FeatureKey[], permission: string): boolean {
  return useFeatureAnswer((groups) => {
    const uris = new Set<string>(
      FEATURES.filter((feature) => keys.includes(feature.key)).map((feature) => feature.uri),
    );
    return groups.some((g) => g.features.some((f) => uris.has(f.uri) && f.permissions.includes(permission)));
  });
}
