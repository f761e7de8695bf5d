import { BooleanInput, DateInput, SelectInput } from 'react-admin';
import type { QuickFilter } from '../../ui/records/FilterSidebar';
import { BrokerInput, CarrierInput, DispatcherInput, DriverInput, ShipperInput, StateInput } from '../../ui/records/pickers';
import { ORDER_STATUSES } from '../../schema/bookOrders';
import { loadBoardChoices, paymentMethodChoices, periodChoices, statusChoices } from './choices';

const label = (key: string) => `haulboard.book_orders.filters.${key}`;

/** The filter bar: the shared list filter of SPEC.md §3 and the book-order filters, as the API names them. */
export const bookOrderFilters = [
  <SelectInput key="filtered" source="filtered" label={label('period')} choices={periodChoices} alwaysOn emptyText={label('period_all')} emptyValue="all" />,
  <DateInput key="from" source="from" label={label('from')} />,
  <DateInput key="to" source="to" label={label('to')} />,
  <DriverInput key="driverId" source="driverId" label={label('driver')} />,
  <DispatcherInput key="dispatcherId" source="dispatcherId" label={label('dispatcher')} />,
  <SelectInput key="status" source="status" label={label('status')} choices={statusChoices} />,
  <BrokerInput key="brokerId" source="brokerId" label={label('broker')} />,
  <ShipperInput key="shipperId" source="shipperId" label={label('shipper')} />,
  <CarrierInput key="carrierId" source="carrierId" label={label('carrier')} />,
  <SelectInput key="loadBoard" source="loadBoard" label={label('load_board')} choices={loadBoardChoices} />,
  <SelectInput key="paymentMethod" source="paymentMethod" label={label('payment_method')} choices={paymentMethodChoices} />,
  <StateInput key="pickupStateId" source="pickupStateId" label={label('pickup_state')} />,
  <StateInput key="deliveryStateId" source="deliveryStateId" label={label('delivery_state')} />,
  <BooleanInput key="payOnPickup" source="payOnPickup" label={label('pay_on_pickup')} />,
  <BooleanInput key="payOnDelivery" source="payOnDelivery" label={label('pay_on_delivery')} />,
  <BooleanInput key="hasManagerReview" source="hasManagerReview" label={label('manager_review')} />,
  <BooleanInput key="showNotApproved" source="showNotApproved" label={label('not_approved')} />,
];

/** The side panel: the user's saved filters, then quick period and status filters. */
export const bookOrderQuickFilters: QuickFilter[] = [
  { label: label('period'), items: ['current', 'this_week', 'last_week', 'this_month', 'last_month', 'all'].map((period) => ({ label: `haulboard.book_orders.periods.${period}`, value: { filtered: period } })) },
  { label: label('status'), items: ORDER_STATUSES.map((status) => ({ label: `haulboard.book_orders.statuses.${status}`, value: { status } })) },
];

