import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORD_RESOURCES } from '../../schema/resources';
import { migrationNames } from '../db/migrate';
import { migrationSource, nextMigrationName } from '../db/scaffold';

/**
 * npm run new-migration -- <table>: writes the first migration of a new record resource from its definition in
 * schema/resources (server/db/scaffold.ts). Review it, then `npm test` checks it against the definition.
 */
const table = process.argv[2];
const def = RECORD_RESOURCES.find((d) => d.table === table || d.name === table);
if (!def) {
  console.error(
    `No definition in schema/resources/index.ts has the table "${table ?? ''}". Tables: ${RECORD_RESOURCES.map((d) => d.table).join(', ')}`,
  );
  process.exit(2);
}
const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const creating = migrationNames().find((name) =>
  fs.readFileSync(path.join(dir, `${name}.ts`), 'utf8').includes(`createTable('${def.table}')`),
);
if (creating) {
  console.error(
    `Migration ${creating} already creates ${def.table}: write a migration of its own for the change (tests/server/recordSchema.test.ts says what differs).`,
  );
  process.exit(2);
}
const file = path.join(dir, `${nextMigrationName(migrationNames(), def.table)}.ts`);
fs.writeFileSync(file, migrationSource(def));
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
