import { BooleanInput, SelectInput } from 'react-admin';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { type QuickFilter, periodQuickFilter } from '../../ui/records/FilterSidebar';
import {
  BrokerInput,
  CarrierInput,
  DispatcherInput,
  DriverInput,
  ShipperInput,
  StateInput,
} from '../../ui/records/pickers';
import { ORDER_STATUSES } from '../../schema/bookOrders';
import { loadBoardChoices, paymentMethodChoices, statusChoices } from './choices';

const label = (key: string) => `haulboard.book_orders.filters.${key}`;

/** The filter bar: the shared list filter (docs/product/conventions.md#lists) and the book-order filters, as named. */
export const bookOrderFilters = [
  <PeriodFilter key="filtered" source="filtered" alwaysOn />,
  <DriverInput key="driverId" source="driverId" label={label('driver')} />,
  <DispatcherInput key="dispatcherId" source="dispatcherId" label={label('dispatcher')} />,
  <SelectInput key="status" source="status" label={label('status')} choices={statusChoices} />,
  <BrokerInput key="brokerId" source="brokerId" label={label('broker')} />,
  <ShipperInput key="shipperId" source="shipperId" label={label('shipper')} />,
  <CarrierInput key="carrierId" source="carrierId" label={label('carrier')} />,
  <SelectInput key="loadBoard" source="loadBoard" label={label('load_board')} choices={loadBoardChoices} />,
  <SelectInput
    key="paymentMethod"
    source="paymentMethod"
    label={label('payment_method')}
    choices={paymentMethodChoices}
  />,
  <StateInput key="pickupStateId" source="pickupStateId" label={label('pickup_state')} />,
  <StateInput key="deliveryStateId" source="deliveryStateId" label={label('delivery_state')} />,
  <BooleanInput key="payOnPickup" source="payOnPickup" label={label('pay_on_pickup')} />,
  <BooleanInput key="payOnDelivery" source="payOnDelivery" label={label('pay_on_delivery')} />,
  <BooleanInput key="hasManagerReview" source="hasManagerReview" label={label('manager_review')} />,
  <BooleanInput key="showNotApproved" source="showNotApproved" label={label('not_approved')} />,
  <BooleanInput key="hideCancelled" source="hideCancelled" label={label('hide_cancelled')} />,
];

/** The side panel: the user's saved filters, then quick period and status filters. */
export const bookOrderQuickFilters: QuickFilter[] = [
  periodQuickFilter(['current', 'this_week', 'last_week', 'this_month', 'last_month', 'all']),
  {
    label: label('status'),
    items: ORDER_STATUSES.map((status) => ({ label: `haulboard.book_orders.statuses.${status}`, value: { status } })),
  },
];
