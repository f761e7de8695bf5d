import { http } from 'msw';
import type { Field } from '../../../../schema/define/fields';
import type { AnyResource } from '../../../../schema/define/resource';
import type { RecordDto } from '../../../../schema/records';
import { type Account, caller, holds } from '../accounts';
import { forbidden, invalid, listPage, notFound, ok, problem, queryOf, unauthorized } from '../respond';

/**
 * A record resource declared in schema/resources, served as server/modules/records serves it: the list (its query
 * schema refuses unknown parameters; search, filters, sort, paging, deleted records only on request), one record,
 * and updates validated by the definition's own update schema, guarded by the version read (409 with `current`) and
 * by its unique rules (409 naming the field).
 * Access follows the definition's read and write features, as the server's route checks do.
 */
export interface RecordStore<Dto extends RecordDto> {
  rows: Dto[];
  /** Someone else saves the record meanwhile: its version moves on (what a second dispatcher does). */
  changeBehind(id: number, change: Partial<Dto>): Dto;
}

export function recordStore<Dto extends RecordDto>(rows: Dto[]): RecordStore<Dto> {
  const store: RecordStore<Dto> = {
    rows: rows.map((row) => ({ ...row })),
    changeBehind(id, change) {
      const index = store.rows.findIndex((row) => row.id === id);
      store.rows[index] = {
        ...store.rows[index],
        ...change,
        version: store.rows[index].version + 1,
        updatedAt: new Date().toISOString(),
      };
      return store.rows[index];
    },
  };
  return store;
}

type Row = Record<string, unknown>;

const compare = (key: string) => (a: Row, b: Row) =>
  String(a[key] ?? '').localeCompare(String(b[key] ?? ''), 'en', { numeric: true });

function may(account: Account | null, def: AnyResource, permission: 'Read' | 'Update') {
  const features = permission === 'Read' ? def.readFeatures : def.writeFeatures;
  return features.some((key) => holds(account!, key, permission));
}

export function recordHandlers<Dto extends RecordDto>(
  def: AnyResource & { types: { dto: Dto } },
  store: RecordStore<Dto>,
) {
  const fields = Object.entries(def.fields as Record<string, Field>);
  const searchable = fields.filter(([, field]) => field.flags.search).map(([key]) => key);
  const guard = (request: Request, permission: 'Read' | 'Update') => {
    const account = caller(request);
    if (!account) return unauthorized();
    return may(account, def, permission) ? null : forbidden();
  };
  const find = (id: unknown) => store.rows.find((row) => row.id === Number(id));
  /** The first unique rule another record (deleted ones too) breaks, worded as the server words it. */
  const clashOf = (input: Row, exceptId: number) => {
    for (const [key, field] of fields) {
      const rule = field.unique;
      if (!rule || input[key] === null || input[key] === undefined || input[key] === '') continue;
      const same = (value: unknown) =>
        rule.caseInsensitive ? String(value).toLowerCase() === String(input[key]).toLowerCase() : value === input[key];
      const other = (store.rows as unknown as Row[]).find(
        (row) =>
          row.id !== exceptId && same(row[key]) && (rule.scope ?? []).every((scoped) => row[scoped] === input[scoped]),
      );
      if (!other) continue;
      const message =
        rule.message?.(String(input[key]), input) ??
        `Another ${def.singular.toLowerCase()} has ${field.flags.label} ${String(input[key])}`;
      return { field: key, message: `${message}${other.deleted ? ' (it is deleted: restore it instead)' : ''}` };
    }
    return null;
  };

  return [
    http.get(`*${def.api}`, ({ request }) => {
      const refused = guard(request, 'Read');
      if (refused) return refused;
      const parsed = def.query.safeParse(queryOf(request));
      if (!parsed.success) return invalid(parsed.error, 'querystring');
      const query = parsed.data as Row & {
        page: number;
        size: number;
        search?: string;
        sort?: string;
        showDeleted: boolean;
      };
      let rows = store.rows.filter((row) => query.showDeleted || !row.deleted) as unknown as Row[];
      const search = query.search?.toLowerCase();
      if (search)
        rows = rows.filter((row) =>
          searchable.some((key) =>
            String(row[key] ?? '')
              .toLowerCase()
              .includes(search),
          ),
        );
      for (const key of def.filterKeys) {
        if (query[key] === undefined) continue;
        // A query-only filter needs SQL of its own on the server; here it would be ignored, so it fails loudly.
        if (!(key in def.fields)) throw new Error(`The fake ${def.api} does not filter by ${key}`);
        rows = rows.filter((row) => row[key] === query[key]);
      }
      const sort = query.sort ?? def.defaultSort;
      rows = [...rows].sort(compare(sort.replace(/^-/, '')));
      if (sort.startsWith('-')) rows.reverse();
      return listPage(rows, query);
    }),

    http.get(`*${def.api}/:id`, ({ request, params }) => {
      const refused = guard(request, 'Read');
      if (refused) return refused;
      const row = find(params.id);
      return row ? ok(row) : notFound(def.singular);
    }),

    http.put(`*${def.api}/:id`, async ({ request, params }) => {
      const refused = guard(request, 'Update');
      if (refused) return refused;
      const parsed = def.update.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error, 'body');
      const row = find(params.id);
      if (!row) return notFound(def.singular);
      const { version, ...input } = parsed.data as Row & { version: number };
      if (version !== row.version) {
        const message = `Someone else changed this ${def.singular.toLowerCase()} since you opened it. Reload it to see their changes; what you typed is kept.`;
        return problem(409, message, { code: 'conflict', extra: { current: row } });
      }
      const clash = clashOf(input, row.id);
      if (clash) return problem(409, clash.message, { code: 'conflict', field: clash.field });
      const saved = { ...row, ...input, version: row.version + 1, updatedAt: new Date().toISOString() } as Dto;
      store.rows[store.rows.indexOf(row)] = saved;
      return ok(saved);
    }),
  ];
}
