import { governingPath } from '../authProvider/routes';
import { useFeatureGroups } from './access/useFeatureGroups';

/** Whether the signed-in user holds `permission` on the feature a resource belongs to (buttons hide otherwise). */
export function useCanAccessFeature(resource: string, permission: string): boolean {
  const { data: groups } = useFeatureGroups();
  const path = governingPath(resource, groups ?? []);
  const feature = groups?.flatMap((g) => g.features).find((f) => f.uri === path);
  return !!feature && feature.permissions.includes(permission);
}
