import LocalGasStation from '@mui/icons-material/LocalGasStation';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { fuelCardsResource } from './api';

/** Fuel cards: list, create and edit under /app/management/fuel-cards, reached from the fleet screens. */
export const fuelCards = resourceProps(
  fuelCardsResource,
  { list: lazy(() => import('./FuelCardList')), create: lazy(() => import('./FuelCardCreate')), edit: lazy(() => import('./FuelCardEdit')) },
  { icon: LocalGasStation, label: 'haulboard.fuel_cards.title', recordRepresentation: 'maskedNumber' },
);
