import { UNIT_STATUSES, UNIT_TYPES } from '../../schema/fleet';
import { keyedChoices } from '../../src/common/records/choices';

export const TYPE_PREFIX = 'haulboard.vehicles.unit_types';
export const STATUS_PREFIX = 'haulboard.vehicles.statuses';
export const unitTypeChoices = keyedChoices(TYPE_PREFIX, UNIT_TYPES);
export const statusChoices = keyedChoices(STATUS_PREFIX, UNIT_STATUSES);
export const STATUS_COLOURS = { ACTIVE: 'success', IN_SHOP: 'warning', OUT_OF_SERVICE: 'error', SOLD: 'default', INACTIVE: 'default' } as const;
