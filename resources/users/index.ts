import { users } from '../../schema/resources/users';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Users: their status in words, roles picked from the server's list, activation and password links on edit. */
export default recordScreens(users, {
  list: lazyScreen(() => import('./UserList')),
  create: lazyScreen(() => import('./UserForms').then((m) => ({ default: m.UserCreate }))),
  edit: lazyScreen(() => import('./UserForms').then((m) => ({ default: m.UserEdit }))),
});
