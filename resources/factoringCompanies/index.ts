import { factoringCompanies } from '../../schema/resources/factoringCompanies';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Factoring companies (docs/product/factoring.md#factoring-companies): the list under the books, the form beside them. */
export default recordScreens(factoringCompanies, {
  list: lazyScreen(() => import('./FactorList')),
  edit: lazyScreen(() => import('./FactorEdit')),
});
