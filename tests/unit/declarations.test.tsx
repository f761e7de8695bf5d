// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownRoute } from '../../authProvider/routes';
import { FOLDER_SCREENS, RESOURCES } from '../../resources';
import { computed, text } from '../../schema/define/fields';
import { defineResource } from '../../schema/define/resource';
import { FEATURES } from '../../schema/features';
import { NAV_FEATURES, RECORD_RESOURCES } from '../../schema/resources';
import { fromDefinition } from '../../server/modules/records/fromDefinition';
import { adminCatalogue as englishCatalogue } from '../../src/i18n/admin';

/**
 * No silent traps (resources/README.md): what a newcomer can get wrong when adding a resource fails here (or at
 * start-up) with a message that says what to add — never a silent fallback to a placeholder page, an icon or a label.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The keys a source file names literally: 'haulboard.x.y' or 'resources.x.y' in quotes (not built with ${…}). */
function literalKeys(): { file: string; key: string }[] {
  const out: { file: string; key: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/['"`]((?:haulboard|resources)\.[\w./-]+)['"`]/g))
          out.push({ file: path.relative(ROOT, full), key: match[1] });
      }
    }
  };
  for (const dir of ['src', 'ui', 'resources', 'authProvider', 'dataProvider']) walk(path.join(ROOT, dir));
  return out;
}

/**
 * The words screens loaded on demand bring with them (resources/<folder>/messages.ts, src/admin/<folder>/messages.ts,
 * and ui/<folder>/messages.ts for pieces several resources show, as ui/tickets/; added when their code arrives).
 */
const screenCatalogues = Object.values(
  import.meta.glob<Record<string, unknown>>(
    [
      '../../resources/*/messages.ts',
      '../../resources/*/*/messages.ts',
      '../../src/admin/*/messages.ts',
      '../../ui/*/messages.ts',
    ],
    { eager: true },
  ),
).flatMap((module) => Object.values(module));
const lookupIn = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
const lookup = (key: string): unknown =>
  [englishCatalogue, ...screenCatalogues]
    .map((catalogue) => lookupIn(catalogue, key))
    .find((found) => found !== undefined);
/**
 * A key of the catalogue, nested ('haulboard.records.yes') or flat under a resource ('resources.x.fields.insurance.insurer'),
 * or the prefix of such keys (a constant the screen builds keys from).
 */
function resolves(key: string): boolean {
  if (lookup(key) !== undefined) return true;
  const path = key.slice('resources.'.length);
  const name = Object.keys(englishCatalogue.resources).find((n) => path === n || path.startsWith(`${n}.`));
  if (!name) return false;
  const [group, ...rest] = path.slice(name.length + 1).split('.');
  const messages = (englishCatalogue.resources as Record<string, Record<string, unknown>>)[name];
  if (!group) return true;
  return rest.length
    ? (messages[group] as Record<string, unknown> | undefined)?.[rest.join('.')] !== undefined
    : messages[group] !== undefined;
}

describe('what a new resource cannot forget', () => {
  it('every translation key the screens name literally is in the catalogue', () => {
    const missing = literalKeys().filter(({ key }) => !key.endsWith('.') && !resolves(key));
    expect(
      missing,
      `add these keys to src/i18n/en.ts (or the label to the field's definition): ${missing.map((m) => `${m.key} (${m.file})`).join(', ')}`,
    ).toEqual([]);
  });

  it('every feature and every sidebar entry of a resource opens a screen of the app, not the under-construction page', () => {
    const lost = [...FEATURES, ...NAV_FEATURES].filter((feature) => !isKnownRoute(feature.uri)).map((f) => f.uri);
    expect(lost).toEqual([]);
  });

  it('every record definition has screens, and every screen folder of a definition has it in the registry', () => {
    for (const def of RECORD_RESOURCES)
      expect(
        RESOURCES.some((r) => r.name === def.name),
        `${def.route} has no screens`,
      ).toBe(true);
    for (const [folder, screens] of Object.entries(FOLDER_SCREENS)) {
      if (screens.definition)
        expect(
          RECORD_RESOURCES,
          `${folder} shows a definition that is not in schema/resources/index.ts: add it there`,
        ).toContain(screens.definition);
    }
    expect(new Set(RESOURCES.map((r) => r.name)).size).toBe(RESOURCES.length);
  });

  it('every definition in schema/resources is in the registry (left out, it would be neither served nor shown)', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../schema/resources/*.ts', { eager: true });
    const declared = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(
          ([, value]) =>
            !!value && typeof value === 'object' && 'fields' in value && 'table' in value && 'route' in value,
        )
        .map(([name, value]) => ({ where: `${path.basename(file)}: ${name}`, def: value })),
    );
    expect(declared.length).toBeGreaterThanOrEqual(RECORD_RESOURCES.length);
    const missing = declared
      .filter(({ def }) => !(RECORD_RESOURCES as readonly unknown[]).includes(def))
      .map(({ where }) => where);
    expect(missing, 'add each to RECORD_RESOURCES in schema/resources/index.ts').toEqual([]);
  });

  it('every record definition has its words: a title, the search box, each field, each choice', () => {
    for (const def of RECORD_RESOURCES) {
      const messages = (
        englishCatalogue.resources as Record<string, { title: string; search: string; fields: Record<string, string> }>
      )[def.name];
      expect(messages.title, def.name).toBeTruthy();
      for (const key of Object.keys(def.fields)) expect(messages.fields[key], `${def.name}.${key}`).toBeTruthy();
    }
  });

  it('a definition that names a section, a sort or a record title it does not have is refused, saying which', () => {
    const base = {
      route: '/app/x',
      api: '/api/X',
      table: 'x',
      entity: 'x',
      singular: 'X',
      plural: 'Xs',
      access: 'Vehicles',
      recordTitle: 'name',
    } as const;
    expect(() =>
      defineResource({
        ...base,
        sections: { main: 'Main' },
        fields: { name: text({ label: 'Name', max: 10, section: 'other' }) },
        defaultSort: 'name',
      }),
    ).toThrow('field name: section "other" is not in sections');
    expect(() =>
      defineResource({ ...base, fields: { name: text({ label: 'Name', max: 10 }) }, defaultSort: 'name' }),
    ).toThrow('defaultSort "name" is not a sortable field');
    expect(() =>
      defineResource({
        ...base,
        recordTitle: 'title',
        fields: { name: text({ label: 'Name', max: 10, sort: true }) },
        defaultSort: 'name',
      }),
    ).toThrow('recordTitle "title" is not a field');
  });

  it('a computed value without the server code that computes, sorts and searches it is refused at start, saying what is missing', () => {
    const def = defineResource({
      route: '/app/x',
      api: '/api/X',
      table: 'x',
      entity: 'x',
      singular: 'X',
      plural: 'Xs',
      access: 'Vehicles',
      recordTitle: 'name',
      fields: { name: computed<string>({ label: 'Name', sort: true, search: true }) },
      defaultSort: 'name',
    });
    expect(() => fromDefinition(def)).toThrow('The server extension of /api/X must say computed, sorts.name, search');
  });
});
