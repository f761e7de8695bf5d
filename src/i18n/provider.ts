import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { onScreenMessages, screenMessages } from '../../ui/screenMessages';

type Messages = Record<string, unknown>;

const isObject = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** b's words over a's, block by block (haulboard.access joins haulboard's other blocks). */
function merged(a: Messages, b: Messages): Messages {
  const out: Messages = { ...a };
  for (const [key, value] of Object.entries(b))
    out[key] = isObject(value) && isObject(out[key]) ? merged(out[key] as Messages, value) : value;
  return out;
}

function polyglot(catalogue: Messages) {
  return polyglotI18nProvider(() => catalogue as TranslationMessages, 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: false,
    onMissingKey: (key: string) => {
      console.error(`Missing translation: ${key}`);
      return key;
    },
  });
}

/**
 * An English provider over a catalogue; missing keys are reported rather than shown as keys. Screens that load on
 * demand bring their own words (ui/screenMessages.ts), so the first download carries only the words it shows.
 */
export function englishProvider(catalogue: TranslationMessages): I18nProvider {
  const build = () => polyglot(screenMessages().reduce(merged, catalogue as Messages));
  let inner = build();
  onScreenMessages(() => (inner = build()));
  return {
    translate: (key, options) => inner.translate(key, options),
    changeLocale: (locale) => inner.changeLocale(locale),
    getLocale: () => inner.getLocale(),
    getLocales: () => inner.getLocales?.() ?? [{ locale: 'en', name: 'English' }],
  };
}
