import { FUEL_CARD_PROVIDER_LABELS, FUEL_CARD_PROVIDERS, FUEL_CARD_STATUSES } from '../../schema/fleet';
import { keyedChoices } from '../../src/common/records/choices';

export const STATUS_PREFIX = 'haulboard.fuel_cards.statuses';
export const statusChoices = keyedChoices(STATUS_PREFIX, FUEL_CARD_STATUSES);
export const providerChoices = FUEL_CARD_PROVIDERS.map((id) => ({ id, name: FUEL_CARD_PROVIDER_LABELS[id] }));
export const STATUS_COLOURS = { ACTIVE: 'success', BLOCKED: 'warning', LOST: 'error' } as const;
