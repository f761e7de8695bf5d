import { Box, Chip } from '@mui/material';
import { BooleanInput, DataTable, SelectInput } from 'react-admin';
import type { UserDto } from '../../schema/people';
import { yesNoChoices } from '../../src/common/records/choices';
import { nowrap } from '../../src/common/records/columns';
import { RecordList } from '../../src/common/records/RecordList';
import { RoleFilterInput } from './RoleInputs';
import { STATUS_FILTERS, STATUS_PREFIX, UserStatusChip } from './status';

const Column = DataTable.Col<UserDto>;
const p = (key: string) => `haulboard.people.fields.${key}`;
const u = (key: string) => `haulboard.users.${key}`;

const filters = [
  <RoleFilterInput key="roleId" source="roleId" label={u('filters.role')} />,
  <SelectInput key="isActive" source="isActive" label={u('fields.is_active')} choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')} />,
  <BooleanInput key="pending" source="pending" label={`${STATUS_PREFIX}.pending`} />,
];
const quickFilters = [{ label: u('filters.status'), items: STATUS_FILTERS.map(({ status, value }) => ({ label: `${STATUS_PREFIX}.${status}`, value })) }];

export default function UserList() {
  return (
    <RecordList title={u('title')} search={u('search')} filters={filters} quickFilters={quickFilters} sort={{ field: 'name', order: 'ASC' }} exportName="users" hiddenColumns={['phone', 'createdAt']}>
      <Column source="name" label={p('name')} />
      <Column source="email" label={p('email')} />
      <Column source="roles" label={u('fields.roles')} disableSort render={(row) => <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>{row.roles.map((role) => <Chip key={role} size="small" label={role} />)}</Box>} />
      <Column source="isActive" label={p('status')} disableSort render={(row) => <UserStatusChip user={row} />} />
      <Column source="phone" label={p('phone')} cellSx={nowrap} disableSort />
      <Column source="createdAt" label={p('created_at')} cellSx={nowrap} render={(row) => row.createdAt.slice(0, 10)} />
    </RecordList>
  );
}
