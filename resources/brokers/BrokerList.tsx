import { DataTable, SelectInput } from 'react-admin';
import { BROKER_STATUSES, type BrokerDto } from '../../schema/people';
import { StatusChip, cityState, nowrap, phoneText } from '../../src/common/records/columns';
import { StateInput } from '../../src/common/records/pickers';
import { RecordList } from '../../src/common/records/RecordList';
import { STATUS_COLOURS, STATUS_PREFIX, statusChoices } from './choices';

const Column = DataTable.Col<BrokerDto>;
const f = (key: string) => `haulboard.brokers.fields.${key}`;
const p = (key: string) => `haulboard.people.fields.${key}`;

const filters = [<SelectInput key="status" source="status" label={p('status')} choices={statusChoices} />, <StateInput key="stateId" source="stateId" label={p('state')} />];
const quickFilters = [{ label: p('status'), items: BROKER_STATUSES.map((status) => ({ label: `${STATUS_PREFIX}.${status}`, value: { status } })) }];

export default function BrokerList() {
  return (
    <RecordList title="haulboard.brokers.title" search="haulboard.brokers.search" filters={filters} quickFilters={quickFilters} sort={{ field: 'name', order: 'ASC' }} exportName="brokers" hiddenColumns={['usdotNumber', 'email']}>
      <Column source="name" label={p('name')} />
      <Column source="status" label={p('status')} render={(row) => <StatusChip prefix={STATUS_PREFIX} value={row.status} colours={STATUS_COLOURS} />} />
      <Column source="mcNumber" label={f('mc_number')} />
      <Column source="usdotNumber" label={f('usdot_number')} disableSort />
      <DataTable.NumberCol source="paymentTermsDays" label={f('payment_terms_days')} />
      <Column source="phone" label={p('phone')} cellSx={nowrap} disableSort render={(row) => phoneText(row.phone)} />
      <Column source="email" label={p('email')} disableSort />
      <Column source="contacts" label={f('contacts')} disableSort render={(row) => row.contacts.map((c) => c.name).join(', ')} />
      <Column source="city" label={p('city')} disableSort render={cityState} />
    </RecordList>
  );
}
