import People from '@mui/icons-material/People';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { usersResource } from './api';

/** Users: list, create and edit under /app/management/user-management. */
export const users = resourceProps(
  usersResource,
  { list: lazy(() => import('./UserList')), create: lazy(() => import('./UserCreate')), edit: lazy(() => import('./UserEdit')) },
  { icon: People, label: 'haulboard.users.title', recordRepresentation: 'name' },
);
