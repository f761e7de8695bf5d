import { DATE_TYPES, ORDER_STATUSES, TRAILER_TYPES, VEHICLE_TYPES } from '../../schema/bookOrders';
import { LOAD_BOARDS, PAYMENT_METHOD_CHOICES } from '../../schema/reference';
import { keyedChoices, plainChoices } from '../../ui/records/choices';

const keyed = (prefix: string, values: readonly string[]) => keyedChoices(`haulboard.book_orders.${prefix}`, values);

export const statusChoices = keyed('statuses', ORDER_STATUSES);
export const trailerTypeChoices = keyed('trailer_types', TRAILER_TYPES);
export const dateTypeChoices = keyed('date_types', DATE_TYPES);
export const vehicleTypeChoices = keyed('vehicle_types', VEHICLE_TYPES);
export const loadBoardChoices = plainChoices(LOAD_BOARDS);
export const paymentMethodChoices = PAYMENT_METHOD_CHOICES;
