import { describe, expect, it } from 'vitest';
import {
  changedByRole,
  changesOf,
  currentCell,
  isLocked,
  rebase,
  setCell,
  toggle,
} from '../../resources/permissions/matrixDraft';
import type { PermissionMatrix } from '../../schema/accessSettings';

const matrix = (grants: Record<number, Record<number, string[]>>, version = 3): PermissionMatrix => ({
  version,
  permissions: ['Read', 'Create', 'Update', 'Delete', 'Export', 'Approve'],
  features: [10, 11, 12].map((id) => ({
    id,
    key: `F${id}`,
    title: `F${id}`,
    uri: `/app/f${id}`,
    icon: 'Dashboard',
    section: 'Reports',
    parentFeatureId: null,
  })),
  roles: Object.entries(grants).map(([id, g]) => ({
    id: Number(id),
    name: `R${id}`,
    isSystem: true,
    userCount: 0,
    grants: g as never,
  })),
});

describe('the matrix draft', () => {
  it('ticks Read with any write permission and clears the row with Read', () => {
    expect(toggle([], 'Update', true)).toEqual(['Read', 'Update']);
    expect(toggle(['Read', 'Export'], 'Create', true)).toEqual(['Read', 'Create', 'Export']);
    expect(toggle(['Read', 'Create', 'Export'], 'Read', false)).toEqual([]);
    expect(toggle(['Read', 'Create'], 'Create', false)).toEqual(['Read']);
  });

  it('keeps only cells that differ from what is saved, and counts them per role', () => {
    const m = matrix({ 1: { 10: ['Read'] }, 2: {} });
    let draft = setCell(m, {}, 1, 10, ['Read', 'Export']);
    draft = setCell(m, draft, 2, 11, ['Read']);
    expect(changesOf(draft)).toEqual([
      { roleId: 1, featureId: 10, permissions: ['Read', 'Export'] },
      { roleId: 2, featureId: 11, permissions: ['Read'] },
    ]);
    expect(currentCell(m, draft, 1, 10)).toEqual(['Read', 'Export']);
    expect(currentCell(m, draft, 1, 12)).toEqual([]);
    draft = setCell(m, draft, 1, 10, ['Read']);
    expect(Object.keys(draft)).toEqual(['2:11']);
    expect(changedByRole(draft)).toEqual(new Map([[2, 1]]));
  });

  it('rebases onto a newer matrix: cells the other administrator already saved, and removed roles, drop out', () => {
    const draft = { '1:10': ['Read', 'Export'], '1:11': ['Read'], '9:10': ['Read'] } as const;
    const newer = matrix({ 1: { 10: ['Read', 'Export'] } }, 4);
    expect(rebase(newer, draft)).toEqual({ '1:11': ['Read'] });
  });

  it('locks the Administrator role’s Read and Update on Access Settings', () => {
    expect(isLocked('Administrator', 'AccessSettings', 'Read')).toBe(true);
    expect(isLocked('Administrator', 'AccessSettings', 'Update')).toBe(true);
    expect(isLocked('Administrator', 'AccessSettings', 'Delete')).toBe(false);
    expect(isLocked('Manager', 'AccessSettings', 'Read')).toBe(false);
  });
});
