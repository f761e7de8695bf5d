import { describe, expect, it } from 'vitest';
import type { citations } from '../../schema/resources/citations';
import type { drivers } from '../../schema/resources/drivers';
import type { RecordExtension } from '../../server/modules/records/fromDefinition';
import type { Extensions } from '../../server/modules/records/plugin';
import type { Where } from '../../server/modules/records/types';

/**
 * Record extensions are checked against their definitions by the compiler (server/modules/records/plugin.ts): each
 * `@ts-expect-error` below must stay an error, so `npx tsc --noEmit` fails the day an extension of one resource can be
 * registered for another table, or can name a query-only filter its definition does not have. The run-time part only
 * keeps vitest from calling the file empty.
 */
const terminated =
  (yes: boolean): Where =>
  (eb) =>
    eb('r.terminated_on', yes ? 'is not' : 'is', null);
const driverExtension: RecordExtension<typeof drivers> = {
  computed: (r) => ({ name: `${r.first_name} ${r.last_name}`, status: 'ACTIVE' }),
  sorts: { name: ['r.last_name'] },
  search: [`r.first_name || ' ' || r.last_name`],
  filters: { terminated },
};
const citationExtension: RecordExtension<typeof citations> = {};

describe('record extensions, typed by their definition', () => {
  it('pair each table with an extension of its own resource, and only that', () => {
    const right: Extensions = { drivers: () => driverExtension, citations: () => citationExtension };
    // @ts-expect-error: an extension of citations is no extension of drivers, even one with no members at all
    const wrongTable: Extensions = { drivers: () => citationExtension };
    // @ts-expect-error: nor is an extension of drivers one of citations
    const swapped: Extensions = { citations: () => driverExtension };
    expect([right, wrongTable, swapped].map((registry) => Object.keys(registry))).toEqual([
      ['drivers', 'citations'],
      ['drivers'],
      ['citations'],
    ]);
  });

  it('give only the query-only filters their definition declares, with their values’ types, and its computed values', () => {
    const unknownFilter: RecordExtension<typeof drivers> = {
      ...driverExtension,
      // @ts-expect-error: drivers have no query-only filter "retired"
      filters: { terminated, retired: terminated },
    };
    const wrongValue: RecordExtension<typeof drivers> = {
      ...driverExtension,
      // @ts-expect-error: "terminated" is a yes/no filter, not a text
      filters: { terminated: (text: string) => terminated(text === 'yes') },
    };
    const wrongComputed: RecordExtension<typeof drivers> = {
      ...driverExtension,
      // @ts-expect-error: a driver's status is ACTIVE or TERMINATED, and computed must give it
      computed: () => ({ name: 'A B', status: 'RETIRED' }),
    };
    expect(
      [unknownFilter, wrongValue, wrongComputed].every(
        (extension) => typeof extension.filters?.terminated === 'function',
      ),
    ).toBe(true);
  });
});
