import { Box, Typography } from '@mui/material';
import { BooleanInput, DataTable } from 'react-admin';
import { usDate } from '../../ui/format';
import { useTranslate } from 'ra-core';
import {
  type CurrentUnitsDto,
  type HeldItem,
  type UnitAssignmentDto,
  unitAssignmentInput,
} from '../../schema/assignments';
import { AssignmentBoard } from '../../ui/assignments/AssignmentBoard';
import { Now } from '../../ui/assignments/Now';
import { RecordLink } from '../../ui/records/links';
import { FleetLinks } from '../vehicles/FleetLinks';
import { DriverInput, FuelCardInput, UnitInput } from '../../ui/records/pickers';

const Column = DataTable.Col<CurrentUnitsDto>;
const f = (key: string) => `haulboard.assignments.fields.${key}`;

const filters = [<DriverInput key="driverId" source="driverId" label={f('driver')} />];

/** What a driver holds in one slot: the unit or card (a link for who may edit it) and since when. */
function Held({ item, resource }: { item: HeldItem | null; resource: string }) {
  const translate = useTranslate();
  if (!item)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('haulboard.assignments.none')}
      </Typography>
    );
  return (
    <Box>
      <RecordLink resource={resource} id={item.itemId}>
        {item.label}
      </RecordLink>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('haulboard.assignments.fields.since')} {usDate(item.startsOn)}
      </Typography>
    </Box>
  );
}

/** Each driver's truck, trailer and fuel card today, their dated history, and (re)assignment in one action. */
export default function UnitAssignmentBoard() {
  const translate = useTranslate();
  return (
    <AssignmentBoard<CurrentUnitsDto, UnitAssignmentDto>
      title="haulboard.unit_assignments.title"
      exportName="vehicle-and-card-assignments"
      filters={filters}
      actions={<FleetLinks />}
      history={{
        path: '/api/UnitAssignments/history',
        kind: (row) => translate(`haulboard.assignments.kinds.${row.kind}`),
        label: (row) => row.label,
        labelHeader: f('kind'),
        endPath: (id) => `/api/UnitAssignments/${id}/end`,
      }}
      assign={{
        path: '/api/UnitAssignments',
        schema: unitAssignmentInput,
        defaults: (row) => ({ driverId: row.driverId, reassign: false }),
        inputs: (row) => (
          <>
            <Typography variant="body2">{translate('haulboard.assignments.assign_help')}</Typography>
            <UnitInput type="Truck" source="truckId" label={f('truck')} helperText={<Now label={row.truck?.label} />} />
            <UnitInput
              type="Trailer"
              source="trailerId"
              label={f('trailer')}
              helperText={<Now label={row.trailer?.label} />}
            />
            <FuelCardInput
              source="fuelCardId"
              label={f('fuel_card')}
              helperText={<Now label={row.fuelCard?.label} />}
            />
            <BooleanInput source="reassign" label="haulboard.assignments.reassign_held" />
          </>
        ),
        label: 'haulboard.assignments.assign',
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
      <Column
        source="truckNumber"
        label={f('truck')}
        render={(row) => <Held item={row.truck} resource="management/vehicles" />}
      />
      <Column
        source="trailerNumber"
        label={f('trailer')}
        render={(row) => <Held item={row.trailer} resource="management/vehicles" />}
      />
      <Column
        source="fuelCard"
        label={f('fuel_card')}
        disableSort
        render={(row) => <Held item={row.fuelCard} resource="management/fuel-cards" />}
      />
    </AssignmentBoard>
  );
}
