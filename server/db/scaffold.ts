import type { Field } from '../../schema/define/fields';
import { snakeCase } from '../../schema/define/naming';
import { type AnyResource, columnOf } from '../../schema/define/resource';

/**
 * The first migration of a new record resource, written from its definition (`npm run new-migration -- <table>`):
 * its table with every column the definition derives, an index for each sort, filter, expiry and unique rule, and
 * the child table of each list of rows. Written once and then kept as it is, like every migration: later changes to
 * the definition get a migration of their own (tests/server/recordSchema.test.ts says what differs).
 */

interface ColumnLine {
  name: string;
  type: 'text' | 'integer';
  notNull: boolean;
  references?: string;
}

const REFERENCED: Record<string, string> = {
  bookOrders: 'book_orders.id',
  transactions: 'driver_transactions.id',
  states: 'states.id',
  carriers: 'carriers.id',
  users: 'users.id',
  userAccounts: 'users.id',
  drivers: 'drivers.id',
  dispatchers: 'users.id',
  trucks: 'units.id',
  trailers: 'units.id',
  fuelCards: 'fuel_cards.id',
  brokers: 'brokers.id',
  shippers: 'shippers.id',
  roles: 'roles.id',
  tickets: 'tickets.id',
  violationCodes: 'violation_codes.id',
};

function columnLines(fields: Record<string, Field>, prefix = ''): ColumnLine[] {
  const lines: ColumnLine[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (field.column)
      lines.push({
        name: columnOf(key, field, prefix),
        type: field.column.type,
        notNull: field.column.notNull ?? field.required,
        references: field.target ? REFERENCED[field.target] : undefined,
      });
    if (field.group)
      lines.push(...columnLines(field.group.fields, `${snakeCase(key)}_`).map((line) => ({ ...line, notNull: false })));
  }
  return lines;
}

const addColumn = (c: ColumnLine) => {
  const constraints = [c.notNull ? 'c.notNull()' : '', c.references ? `c.references('${c.references}')` : ''].filter(
    Boolean,
  );
  return `    .addColumn('${c.name}', '${c.type}'${constraints.length ? `, (c) => ${constraints.join('.').replace(/\)\.c\./g, ').')}` : ''})`;
};

/**
 * The indexes a definition's list needs, one rule for the scaffold and for tests/server/recordSchema.test.ts: every
 * sort (but id and createdAt), every filter but a choice or a yes/no (those narrow little alone: the list's period or
 * other filters lead), every expiring date, the period's date, and each unique rule (after its scope).
 */
export function wantedIndexes(def: AnyResource): { column: string; after: string[]; unique: boolean }[] {
  const fields = def.fields as Record<string, Field>;
  const wanted = new Map<string, { column: string; after: string[]; unique: boolean }>();
  const want = (column: string, after: string[] = [], unique = false) => {
    const key = JSON.stringify([after, column]);
    if (!wanted.has(key) || unique) wanted.set(key, { column, after, unique });
  };
  for (const [key, field] of Object.entries(fields)) {
    if (field.unique && field.column) {
      const scope = (field.unique.scope ?? []).map((scoped) => columnOf(scoped, fields[scoped]));
      want(field.unique.caseInsensitive ? `lower(${columnOf(key, field)})` : columnOf(key, field), scope, true);
    }
  }
  for (const [sortKey, column] of Object.entries(def.sortColumns))
    if (column && sortKey !== 'id' && sortKey !== 'createdAt') want(column);
  for (const [key, field] of Object.entries(fields))
    if (field.flags.filter && field.column && field.kind !== 'choice' && field.kind !== 'boolean')
      want(columnOf(key, field));
  for (const expiring of def.expiring) want(expiring.column);
  if (def.period) want(columnOf(def.period.field, fields[def.period.field]));
  return [...wanted.values()];
}

function indexes(def: AnyResource): { name: string; columns: string[]; unique: boolean }[] {
  return wantedIndexes(def).map(({ column, after, unique }) => {
    const columns = [...after, column];
    return {
      name: `${def.table}_${columns.map((c) => c.replace(/^lower\((\w+)\)$/, '$1_ci')).join('_')}`.slice(0, 60),
      columns,
      unique,
    };
  });
}

/** The source of the migration that creates `def`'s tables. */
export function migrationSource(def: AnyResource): string {
  const fields = def.fields as Record<string, Field>;
  const table = [
    `  await withRecordColumns(`,
    `    withId(db, db.schema.createTable('${def.table}'))`,
    ...columnLines(fields).map((c) => `  ${addColumn(c)}`),
    ...Object.entries(def.storage).map(
      ([name, info]) => `      .addColumn('${name}', '${info.type}'${info.notNull ? ', (c) => c.notNull()' : ''})`,
    ),
    `  ).execute();`,
  ];
  const children = Object.values(fields)
    .filter((f) => f.rows)
    .flatMap((f) => [
      `  await withId(db, db.schema.createTable('${f.rows!.table}'))`,
      `    .addColumn('${f.rows!.parent}', 'integer', (c) => c.notNull().references('${def.table}.id').onDelete('cascade'))`,
      `    .addColumn('position', 'integer', (c) => c.notNull())`,
      ...columnLines(f.rows!.fields).map(addColumn),
      `    .execute();`,
      `  await run(\`CREATE INDEX ${f.rows!.table}_${f.rows!.parent} ON ${f.rows!.table} (${f.rows!.parent}, position)\`);`,
    ]);
  const indexLines = indexes(def).map(
    (i) =>
      `  await run(\`CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${i.name} ON ${def.table} (${i.columns.join(', ')})\`);`,
  );
  const dropped = [
    ...Object.values(fields)
      .filter((f) => f.rows)
      .map((f) => f.rows!.table),
    def.table,
  ];
  const body = [...table, ...children, ...indexLines];
  const needsRun = body.some((line) => line.includes('await run('));
  return `import { type Kysely${needsRun ? ', sql' : ''} } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/** ${def.plural} (schema/resources): the table its definition derives, an index per sort, filter, expiry and unique rule. */
export async function up(db: Kysely<unknown>): Promise<void> {
${needsRun ? '  const run = (text: string) => sql.raw(text).execute(db);\n' : ''}${body.join('\n')}
}

export async function down(db: Kysely<unknown>): Promise<void> {
${dropped.map((name) => `  await db.schema.dropTable('${name}').execute();`).join('\n')}
}
`;
}

/** The file name of the next migration: NNN_<table>.ts after the highest number in use. */
export function nextMigrationName(existing: string[], table: string): string {
  const highest = Math.max(0, ...existing.map((name) => Number(name.slice(0, 3))).filter(Number.isFinite));
  return `${String(highest + 1).padStart(3, '0')}_${table}`;
}
