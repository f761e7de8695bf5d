import { Card, CardContent } from '@mui/material';
import { BooleanInput, DateInput, FilterList, FilterListItem, SearchInput, type SearchInputProps, SelectInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { ApiAutocompleteInput } from '../../src/common/ApiAutocompleteInput';
import { SavedFilters } from '../../src/common/SavedFilters';
import { ORDER_STATUSES } from '../../schema/bookOrders';
import { RESOURCE } from './api';
import { loadBoardChoices, paymentMethodChoices, periodChoices, statusChoices } from './choices';

const label = (key: string) => `haulboard.book_orders.filters.${key}`;
const stateName = (row: { name?: string; abbreviation?: unknown }) => `${row.abbreviation} — ${row.name}`;

function SearchFilter(props: SearchInputProps) {
  const translate = useTranslate();
  const placeholder = translate(label('search'));
  return <SearchInput {...props} placeholder={placeholder} slotProps={{ htmlInput: { 'aria-label': placeholder } }} />;
}

/** The filter bar: the shared list filter of SPEC.md §3 and the book-order filters, as the API names them. */
export const bookOrderFilters = [
  <SearchFilter key="search" source="search" alwaysOn />,
  <SelectInput key="filtered" source="filtered" label={label('period')} choices={periodChoices} alwaysOn emptyText={label('period_all')} emptyValue="all" />,
  <DateInput key="from" source="from" label={label('from')} />,
  <DateInput key="to" source="to" label={label('to')} />,
  <ApiAutocompleteInput key="driverId" source="driverId" label={label('driver')} path="/api/Driver/GetAllNames" />,
  <ApiAutocompleteInput key="dispatcherId" source="dispatcherId" label={label('dispatcher')} path="/api/Dispatcher/GetAllNames" />,
  <SelectInput key="status" source="status" label={label('status')} choices={statusChoices} />,
  <ApiAutocompleteInput key="brokerId" source="brokerId" label={label('broker')} path="/api/Brokers/dropdown-list" />,
  <ApiAutocompleteInput key="shipperId" source="shipperId" label={label('shipper')} path="/api/Shipper/get-all-shippers-dropdown" />,
  <ApiAutocompleteInput key="carrierId" source="carrierId" label={label('carrier')} path="/api/Carriers/dropdown-list" />,
  <SelectInput key="loadBoard" source="loadBoard" label={label('load_board')} choices={loadBoardChoices} />,
  <SelectInput key="paymentMethod" source="paymentMethod" label={label('payment_method')} choices={paymentMethodChoices} />,
  <ApiAutocompleteInput key="pickupStateId" source="pickupStateId" label={label('pickup_state')} path="/api/Reference/states" describe={stateName} />,
  <ApiAutocompleteInput key="deliveryStateId" source="deliveryStateId" label={label('delivery_state')} path="/api/Reference/states" describe={stateName} />,
  <BooleanInput key="payOnPickup" source="payOnPickup" label={label('pay_on_pickup')} />,
  <BooleanInput key="payOnDelivery" source="payOnDelivery" label={label('pay_on_delivery')} />,
  <BooleanInput key="hasManagerReview" source="hasManagerReview" label={label('manager_review')} />,
  <BooleanInput key="showNotApproved" source="showNotApproved" label={label('not_approved')} />,
  <BooleanInput key="showDeleted" source="showDeleted" label={label('deleted')} />,
];

/** The sidebar: quick period and status filters, and the user's saved filters. */
export function BookOrderSidebar() {
  const translate = useTranslate();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <SavedFilters resource="bookorders" />
        <FilterList label={label('period')} icon={null}>
          {['current', 'this_week', 'last_week', 'this_month', 'last_month', 'all'].map((period) => (
            <FilterListItem key={period} label={translate(`haulboard.book_orders.periods.${period}`)} value={{ filtered: period }} />
          ))}
        </FilterList>
        <FilterList label={label('status')} icon={null}>
          {ORDER_STATUSES.map((status) => (
            <FilterListItem key={status} label={translate(`haulboard.book_orders.statuses.${status}`)} value={{ status }} />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}

export { RESOURCE };
