import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishCatalogue } from './en';

/** One English catalogue; missing keys are reported rather than shown as keys. */
export const i18nProvider = polyglotI18nProvider(() => englishCatalogue, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
  onMissingKey: (key: string) => {
    console.error(`Missing translation: ${key}`);
    return key;
  },
});

/** For code outside React (toasts from plain functions). */
export const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
