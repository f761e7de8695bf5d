import { RECORD_RESOURCES } from '../../schema/resources';
import { catalogueOf } from '../../ui/records/messages';
import { englishCatalogue } from './en';
import { englishProvider } from './provider';

/**
 * The signed-in app's catalogue: the product's words and the record resources' own, from their definitions
 * (resources.<name>.fields.<field>, react-admin's convention), declared once beside the field.
 */
export const adminCatalogue = { ...englishCatalogue, resources: catalogueOf(RECORD_RESOURCES) };

export const adminI18nProvider = englishProvider(adminCatalogue);
