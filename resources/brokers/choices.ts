import { BROKER_STATUSES } from '../../schema/people';
import { keyedChoices } from '../../src/common/records/choices';

export const STATUS_PREFIX = 'haulboard.brokers.statuses';
export const statusChoices = keyedChoices(STATUS_PREFIX, BROKER_STATUSES);
export const STATUS_COLOURS = { ACTIVE: 'success', DO_NOT_USE: 'error' } as const;
