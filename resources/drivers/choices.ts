import { CDL_CLASSES, DRIVER_TYPES, PAY_TYPE_INFO, PAY_TYPES } from '../../schema/people';
import { PHONE_COUNTRIES } from '../../schema/reference';
import { keyedChoices, plainChoices } from '../../src/common/records/choices';

export const TYPE_PREFIX = 'haulboard.drivers.driver_types';
export const driverTypeChoices = keyedChoices(TYPE_PREFIX, DRIVER_TYPES);
export const cdlClassChoices = plainChoices(CDL_CLASSES);
export const payTypeChoices = PAY_TYPES.map((id) => ({ id, name: PAY_TYPE_INFO[id].label }));
export const phoneCountryChoices = PHONE_COUNTRIES.map((c) => ({ id: c.code, name: `${c.name} (${c.dialCode})` }));
export const STATUS_PREFIX = 'haulboard.drivers.statuses';
export const STATUS_COLOURS = { ACTIVE: 'success', TERMINATED: 'default' } as const;
