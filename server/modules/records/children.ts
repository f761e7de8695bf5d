import type { Db } from '../../db/types';
import type { Children, Row } from './types';

/**
 * Child rows kept in their own table in the order the form lists them (broker contacts, carrier authorities):
 * loaded for a page of parents in one query, replaced as a whole on every save.
 */
export function childRows<Input, ChildDto>(spec: {
  table: 'broker_contacts' | 'carrier_authorities';
  parent: 'broker_id' | 'carrier_id';
  toDto(row: Row): ChildDto;
  toRows(input: Input): Row[];
}): Children<Input> {
  return {
    async load(db: Db, ids: number[]) {
      const rows = (await db.selectFrom(spec.table).selectAll().where(spec.parent as never, 'in', ids as never).orderBy('position').execute()) as Row[];
      const map = new Map<number, ChildDto[]>();
      for (const row of rows) map.set(Number(row[spec.parent]), [...(map.get(Number(row[spec.parent])) ?? []), spec.toDto(row)]);
      return map;
    },
    async save(trx: Db, id: number, input: Input) {
      await trx.deleteFrom(spec.table).where(spec.parent as never, '=', id as never).execute();
      const rows = spec.toRows(input).map((row, position) => ({ ...row, [spec.parent]: id, position }));
      if (rows.length) await trx.insertInto(spec.table).values(rows as never).execute();
    },
  };
}
