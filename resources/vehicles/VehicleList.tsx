import type { UnitDto } from '../../schema/resources/vehicles';
import DefinitionList from '../../ui/records/DefinitionList';
import { FleetLinks } from './FleetLinks';

/** The vehicles list with the drivers and fuel cards a fleet manager works with, a step away. */
export default function VehicleList() {
  return (
    <DefinitionList
      columns={[
        'unitNumber',
        'unitType',
        'year',
        'make',
        'model',
        'vin',
        'plate',
        'capacity',
        'carrierId',
        'status',
        'registrationExpiresOn',
        'annualInspectionDueOn',
        'driverName',
      ]}
      render={{ plate: (row) => [row.plate, (row as unknown as UnitDto).plateState].filter(Boolean).join(' · ') }}
      actions={<FleetLinks />}
    />
  );
}
