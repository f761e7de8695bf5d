import { Typography } from '@mui/material';
import { DataTable, SelectInput } from 'react-admin';
import { usDate } from '../../ui/format';
import { useTranslate } from 'ra-core';
import {
  type CurrentDispatcherDto,
  type DispatcherAssignmentDto,
  dispatcherAssignmentInput,
} from '../../schema/assignments';
import { nowrap } from '../../ui/records/columns';
import { AssignmentBoard } from '../../ui/assignments/AssignmentBoard';
import { Now } from '../../ui/assignments/Now';
import { yesNoChoices } from '../../ui/records/choices';
import { RecordLink, ResourceLinkButton } from '../../ui/records/links';
import { DispatcherInput, DriverInput } from '../../ui/records/pickers';

const Column = DataTable.Col<CurrentDispatcherDto>;
const f = (key: string) => `haulboard.assignments.fields.${key}`;

const filters = [
  <DispatcherInput key="dispatcherId" source="dispatcherId" label={f('dispatcher')} />,
  <DriverInput key="driverId" source="driverId" label={f('driver')} />,
  <SelectInput
    key="unassigned"
    source="unassigned"
    label={f('unassigned')}
    choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')}
  />,
];

/** The assignment that starts later, if one is booked. */
function Next({ row }: { row: CurrentDispatcherDto }) {
  const translate = useTranslate();
  if (!row.next) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('haulboard.assignments.upcoming', { date: usDate(row.next.startsOn), name: row.next.dispatcherName })}
    </Typography>
  );
}

/** Who dispatches each driver today, each driver's dated history, and reassignment in one action. */
export default function DriverAssignmentBoard() {
  return (
    <AssignmentBoard<CurrentDispatcherDto, DispatcherAssignmentDto>
      title="haulboard.driver_assignments.title"
      exportName="driver-assignments"
      filters={filters}
      actions={<ResourceLinkButton resource="management/drivers" label="haulboard.assignments.links.drivers" />}
      history={{
        path: '/api/DriverAssignments/history',
        label: (row) => row.dispatcherName,
        labelHeader: f('dispatcher'),
        endPath: (id) => `/api/DriverAssignments/${id}/end`,
      }}
      assign={{
        path: '/api/DriverAssignments',
        schema: dispatcherAssignmentInput,
        defaults: (row) => ({ driverId: row.driverId }),
        inputs: (row) => (
          <DispatcherInput
            source="dispatcherId"
            label={f('dispatcher')}
            isRequired
            helperText={<Now label={row.dispatcherName} />}
          />
        ),
        label: 'haulboard.assignments.reassign',
      }}
    >
      <Column
        source="driverName"
        label={f('driver')}
        render={(row) => (
          <RecordLink resource="management/drivers" id={row.driverId}>
            {row.driverName}
          </RecordLink>
        )}
      />
      <Column source="carrierName" label={f('carrier')} disableSort />
      <Column source="dispatcherName" label={f('dispatcher')} render={(row) => row.dispatcherName ?? '—'} />
      <Column source="startsOn" label={f('since')} cellSx={nowrap} render={(row) => usDate(row.startsOn)} />
      <Column source="next" label={f('next')} disableSort render={(row) => <Next row={row} />} />
    </AssignmentBoard>
  );
}
