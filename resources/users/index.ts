import { lazy } from 'react';
import { users } from '../../schema/resources/users';
import { recordScreens } from '../../ui/records/recordResource';

/** Users: their status in words, roles picked from the server's list, activation and password links on edit. */
export default recordScreens(users, {
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserForms').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserForms').then((m) => ({ default: m.UserEdit }))),
});
