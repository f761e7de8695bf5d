import { unitInput } from '../../schema/fleet';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { VehicleInputs } from './VehicleInputs';

export default function VehicleCreate() {
  return <RecordCreate schema={unitInput} title="haulboard.vehicles.create_title" defaultValues={{ unitType: 'Truck', status: 'ACTIVE' }}><VehicleInputs /></RecordCreate>;
}
