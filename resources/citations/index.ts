import { citations } from '../../schema/resources/citations';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Citations: listed across tickets (court dates …), edited with the live split; added from their ticket. */
export default recordScreens(citations, { edit: lazyScreen(() => import('./CitationEdit')), create: null });
