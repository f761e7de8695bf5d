import { englishCatalogue } from './en';
import { englishProvider } from './provider';

/** The public pages' words (sign-in, registration, password reset, the information pages). */
export const i18nProvider = englishProvider(englishCatalogue);

/** For code outside React (toasts from plain functions). */
export const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
