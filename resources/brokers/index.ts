import Handshake from '@mui/icons-material/Handshake';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { brokersResource } from './api';

/** Brokers: list, create and edit under /app/management/brokers. */
export const brokers = resourceProps(
  brokersResource,
  { list: lazy(() => import('./BrokerList')), create: lazy(() => import('./BrokerCreate')), edit: lazy(() => import('./BrokerEdit')) },
  { icon: Handshake, label: 'haulboard.brokers.title', recordRepresentation: 'name' },
);
