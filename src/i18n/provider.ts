import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';

/** An English provider over a catalogue; missing keys are reported rather than shown as keys. */
export function englishProvider(catalogue: TranslationMessages) {
  return polyglotI18nProvider(() => catalogue, 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: false,
    onMissingKey: (key: string) => {
      console.error(`Missing translation: ${key}`);
      return key;
    },
  });
}
