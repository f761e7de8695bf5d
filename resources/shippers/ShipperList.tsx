import { DataTable, TextInput } from 'react-admin';
import type { ShipperDto } from '../../schema/people';
import { cityState, nowrap, phoneText } from '../../src/common/records/columns';
import { StateInput } from '../../src/common/records/pickers';
import { RecordList } from '../../src/common/records/RecordList';

const Column = DataTable.Col<ShipperDto>;
const f = (key: string) => `haulboard.people.fields.${key}`;

const filters = [<StateInput key="stateId" source="stateId" label={f('state')} />, <TextInput key="city" source="city" label={f('city')} />];

export default function ShipperList() {
  return (
    <RecordList title="haulboard.shippers.title" search="haulboard.shippers.search" filters={filters} sort={{ field: 'name', order: 'ASC' }} exportName="shippers" hiddenColumns={['createdAt']}>
      <Column source="name" label={f('name')} />
      <Column source="contactName" label={f('contact_name')} disableSort />
      <Column source="phone" label={f('phone')} cellSx={nowrap} disableSort render={(row) => phoneText(row.phone)} />
      <Column source="email" label={f('email')} disableSort />
      <Column source="city" label={f('city')} render={cityState} />
      <DataTable.Col source="createdAt" label={f('created_at')} render={(row: ShipperDto) => row.createdAt.slice(0, 10)} />
    </RecordList>
  );
}
