import {
  ADMINISTRATOR_KEEPS,
  ADMINISTRATOR_ROLE,
  type MatrixCell,
  type PermissionMatrix,
} from '../../schema/accessSettings';
import { PERMISSIONS, type Permission } from '../../schema/roles';

/**
 * The unsaved edits of the matrix screen: cell key "roleId:featureId" → that cell's whole permission set. A cell whose
 * set equals the saved one is not a change and is dropped, so the count of unsaved changes is always the real one.
 */
export type Draft = Readonly<Record<string, readonly Permission[]>>;

export const cellKey = (roleId: number, featureId: number) => `${roleId}:${featureId}`;

export function savedCell(matrix: PermissionMatrix, roleId: number, featureId: number): readonly Permission[] {
  return matrix.roles.find((r) => r.id === roleId)?.grants[featureId] ?? [];
}

export function currentCell(
  matrix: PermissionMatrix,
  draft: Draft,
  roleId: number,
  featureId: number,
): readonly Permission[] {
  return draft[cellKey(roleId, featureId)] ?? savedCell(matrix, roleId, featureId);
}

const ordered = (set: Iterable<Permission>) => PERMISSIONS.filter((p) => new Set(set).has(p));
const same = (a: readonly Permission[], b: readonly Permission[]) => ordered(a).join() === ordered(b).join();

/**
 * Ticks or unticks one permission the way the rules want it: a write permission brings Read with it; taking Read
 * away takes every other permission of the cell too (no write without Read).
 */
export function toggle(cell: readonly Permission[], permission: Permission, on: boolean): Permission[] {
  const next = new Set(cell);
  if (on) {
    next.add(permission);
    next.add('Read');
  } else if (permission === 'Read') next.clear();
  else next.delete(permission);
  return ordered(next);
}

/** The draft with one cell set; a cell set back to what is saved leaves the draft. */
export function setCell(
  matrix: PermissionMatrix,
  draft: Draft,
  roleId: number,
  featureId: number,
  permissions: readonly Permission[],
): Draft {
  const key = cellKey(roleId, featureId);
  const { [key]: _previous, ...rest } = draft;
  return same(permissions, savedCell(matrix, roleId, featureId)) ? rest : { ...rest, [key]: ordered(permissions) };
}

/** The draft against a newer matrix (another administrator saved meanwhile): cells now equal to it drop out. */
export function rebase(matrix: PermissionMatrix, draft: Draft): Draft {
  return Object.fromEntries(
    Object.entries(draft).filter(([key, permissions]) => {
      const [roleId, featureId] = key.split(':').map(Number);
      return (
        matrix.roles.some((r) => r.id === roleId) &&
        matrix.features.some((f) => f.id === featureId) &&
        !same(permissions, savedCell(matrix, roleId, featureId))
      );
    }),
  );
}

/** The save's body cells. */
export function changesOf(draft: Draft): MatrixCell[] {
  return Object.entries(draft).map(([key, permissions]) => {
    const [roleId, featureId] = key.split(':').map(Number);
    return { roleId, featureId, permissions: [...permissions] };
  });
}

/** Whether a box is locked: the Administrator role keeps Read and Update on Access Settings. */
export function isLocked(roleName: string, featureKey: string, permission: Permission): boolean {
  return roleName === ADMINISTRATOR_ROLE && featureKey === 'AccessSettings' && ADMINISTRATOR_KEEPS.includes(permission);
}

/** How many unsaved cells each role has, for the role list's badges. */
export function changedByRole(draft: Draft): Map<number, number> {
  const counts = new Map<number, number>();
  for (const key of Object.keys(draft)) {
    const roleId = Number(key.split(':')[0]);
    counts.set(roleId, (counts.get(roleId) ?? 0) + 1);
  }
  return counts;
}
