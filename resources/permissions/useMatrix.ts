import { useQuery } from '@tanstack/react-query';
import type { MatrixFeature, PermissionMatrix } from '../../schema/accessSettings';
import { SECTIONS } from '../../schema/features';
import { ACCESS_KEYS, accessSettingsApi } from './api';

/** The live matrix, shared by the tabs (one read; saving refreshes it). */
export function useMatrix() {
  return useQuery({ queryKey: ACCESS_KEYS.matrix, queryFn: accessSettingsApi.matrix, staleTime: 5_000 });
}

/** The roles people hold (Any is implicit and never edited), in the matrix's order. */
export const editableRoles = (matrix: PermissionMatrix) => matrix.roles.filter((r) => r.name !== 'Any');

/**
 * The screens whose permissions are set here, by sidebar section: a sidebar entry under a screen (a resource's own
 * entry) has that screen's permissions and is not a row of its own.
 */
export function screensBySection(matrix: PermissionMatrix): { section: string; features: MatrixFeature[] }[] {
  const screens = matrix.features.filter((f) => f.parentFeatureId === null);
  const order = [...SECTIONS, ...new Set(screens.map((f) => f.section))];
  return [...new Set(order)]
    .map((section) => ({ section, features: screens.filter((f) => f.section === section) }))
    .filter((group) => group.features.length);
}
