import { DATE_TYPES, ORDER_STATUSES, PERIODS, TRAILER_TYPES, VEHICLE_TYPES } from '../../schema/bookOrders';
import { LOAD_BOARDS, PAYMENT_METHODS } from '../../schema/reference';

/** Choices for selects; names are translation keys so every label comes from the catalogue. */
const keyed = (prefix: string, values: readonly string[]) => values.map((id) => ({ id, name: `haulboard.book_orders.${prefix}.${id}` }));
const plain = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

export const statusChoices = keyed('statuses', ORDER_STATUSES);
export const periodChoices = keyed('periods', PERIODS);
export const trailerTypeChoices = keyed('trailer_types', TRAILER_TYPES);
export const dateTypeChoices = keyed('date_types', DATE_TYPES);
export const vehicleTypeChoices = keyed('vehicle_types', VEHICLE_TYPES);
export const loadBoardChoices = plain(LOAD_BOARDS);
export const paymentMethodChoices = plain(PAYMENT_METHODS);
