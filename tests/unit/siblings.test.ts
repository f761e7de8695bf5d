import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sourceFiles } from '../helpers/imports';

/**
 * A resource folder holds only what its own screens show specially (resources/README.md); a piece two resources
 * show lives in ui/ (the ticket pieces citations and inspection reports share are in ui/tickets/). So no file under
 * resources/<a>/ imports from resources/<b>/: the registry, resources/index.ts, which composes them all, excepted.
 */
const RESOURCES = path.join(ROOT, 'resources');
const REGISTRY = path.join(RESOURCES, 'index.ts');

/**
 * Imports across resource folders from before this rule, each to move down to ui/ in its own change; the list only
 * shrinks (an entry that no longer occurs fails too, so it is struck off when its piece moves).
 */
const NOT_YET_MOVED = [
  'resources/dashboard/AttentionCards.tsx → resources/claims/DeadlineChip.tsx',
  'resources/dispatchBoard/api.ts → resources/bookOrders/api.ts',
  'resources/dispatcherSalary/DispatcherSalary.tsx → resources/reports/links.ts',
  'resources/driverReport/DriverReport.tsx → resources/driverBalances/api.ts',
  'resources/driverReport/DriverReport.tsx → resources/transactions/AmountCell.tsx',
  'resources/evaluations/index.ts → resources/reports/index.ts',
  'resources/vehicleAndCardAssignments/UnitAssignmentBoard.tsx → resources/vehicles/FleetLinks.tsx',
];

const folderOf = (file: string) => path.relative(RESOURCES, file).split(path.sep)[0];
const name = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

const crossings = sourceFiles(RESOURCES)
  .filter((file) => file !== REGISTRY)
  .flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(RESOURCES + path.sep) && folderOf(target) !== folderOf(file))
      .map((target) => `${name(file)} → ${name(target)}`),
  );

describe('resource folders', () => {
  it('import nothing from one another (a shared screen piece belongs in ui/)', () => {
    expect(
      crossings.filter((crossing) => !NOT_YET_MOVED.includes(crossing)),
      'move the shared piece to ui/ (resources/README.md)',
    ).toEqual([]);
  });

  it('still have every import the list of those not yet moved names (strike it off when it moves)', () => {
    expect(NOT_YET_MOVED.filter((crossing) => !crossings.includes(crossing))).toEqual([]);
  });
});
