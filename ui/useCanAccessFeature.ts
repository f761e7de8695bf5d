import { useQuery } from '@tanstack/react-query';
import { governingPath } from '../authProvider/routes';
import type { FeatureGroup } from '../dataProvider/session';
import { featureGroupsQuery } from './access/useFeatureGroups';

function holds(groups: FeatureGroup[], resource: string, permission: string): boolean {
  const path = governingPath(resource, groups);
  const feature = groups.flatMap((g) => g.features).find((f) => f.uri === path);
  return !!feature && feature.permissions.includes(permission);
}

/**
 * Whether the signed-in user holds `permission` on the feature a resource belongs to (buttons hide otherwise).
 * Selects only the answer from the feature list: a list row using it re-renders when the answer changes, not when
 * the feature list is fetched again (a list has one per row).
 */
export function useCanAccessFeature(resource: string, permission: string): boolean {
  const { data } = useQuery({ ...featureGroupsQuery, select: (groups: FeatureGroup[]) => holds(groups, resource, permission) });
  return data ?? false;
}

/**
 * Whether the user holds `permission` on the feature at `uri` itself — not on whichever feature governs a resource
 * (a driver reads their own ledger through the driver report, which does not make them finance staff).
 */
export function useHoldsFeature(uri: string, permission: string): boolean {
  const { data } = useQuery({ ...featureGroupsQuery, select: (groups: FeatureGroup[]) => groups.some((g) => g.features.some((f) => f.uri === uri && f.permissions.includes(permission))) });
  return data ?? false;
}
