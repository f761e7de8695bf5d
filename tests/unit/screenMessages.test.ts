import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_RESOURCES } from '../../schema/resources';
import { adminI18nProvider } from '../../src/i18n/admin';
import { englishCatalogue } from '../../src/i18n/en';
import { englishProvider } from '../../src/i18n/provider';
import { addScreenMessages } from '../../ui/screenMessages';

describe('words that arrive with a screen', () => {
  it('are taken in by providers made before and after, beside the catalogue’s own words', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = englishProvider({ haulboard: { app: { name: 'Haulboard' } } } as never);
    expect(before.translate('haulboard.later.title')).toBe('haulboard.later.title');
    expect(error).toHaveBeenCalledWith('Missing translation: haulboard.later.title');
    const words = { haulboard: { later: { title: 'Later', count: '%{smart_count} item |||| %{smart_count} items' } } };
    addScreenMessages(words);
    addScreenMessages(words);
    expect(before.translate('haulboard.later.title')).toBe('Later');
    expect(before.translate('haulboard.later.count', { smart_count: 2 })).toBe('2 items');
    expect(before.translate('haulboard.app.name')).toBe('Haulboard');
    const after = englishProvider({ haulboard: { app: { name: 'Haulboard' } } } as never);
    expect(after.translate('haulboard.later.title')).toBe('Later');
    error.mockRestore();
  });
});

/** Every string in a block of words, with its key. */
function wordsOf(block: unknown, key = ''): [string, string][] {
  if (typeof block === 'string') return [[key, block]];
  if (typeof block !== 'object' || block === null) return [];
  return Object.entries(block).flatMap(([name, value]) => wordsOf(value, key ? `${key}.${name}` : name));
}

describe('the words on the screens', () => {
  it('spell License as US staff do, never Licence (the driver report’s credentials card said Licence)', async () => {
    // The catalogue and the words each screen loaded on demand brings (a messages.ts in its folder).
    const folders = ['resources', 'src/admin'].flatMap((root) =>
      readdirSync(new URL(`../../${root}/`, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${root}/${entry.name}`),
    );
    const blocks: unknown[] = [englishCatalogue];
    for (const folder of folders) {
      const file = new URL(`../../${folder}/messages.ts`, import.meta.url);
      if (existsSync(file)) blocks.push(...Object.values((await import(file.href)) as Record<string, unknown>));
    }
    expect(blocks.length).toBeGreaterThan(10);
    const words = blocks.flatMap((block) => wordsOf(block));
    expect(words.filter(([, text]) => /licence/i.test(text))).toEqual([]);
    expect(words.find(([, text]) => text === 'License')).toBeTruthy();
  });
});

describe('the toasts of a record screen', () => {
  it('name the record, "Vehicle created", never react-admin’s "Element created"', () => {
    const { translate } = adminI18nProvider;
    // As react-admin's create, edit and delete controllers ask for their toast: the resource's key, its own words
    // as the fallback.
    const toast = (resource: string, what: 'created' | 'updated' | 'deleted') =>
      translate(`resources.${resource}.notifications.${what}`, {
        smart_count: 1,
        _: translate(`ra.notification.${what}`, { smart_count: 1 }),
      });
    expect(toast('management/vehicles', 'created')).toBe('Vehicle created');
    expect(toast('management/shipper-management', 'updated')).toBe('Shipper saved');
    for (const def of RECORD_RESOURCES)
      for (const what of ['created', 'updated', 'deleted'] as const)
        expect(toast(def.name, what), `${def.name} ${what}`).not.toMatch(/^Element /);
  });
});
