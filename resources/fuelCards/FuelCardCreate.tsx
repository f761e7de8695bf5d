import { fuelCardCreate } from '../../schema/fleet';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { FuelCardInputs } from './FuelCardInputs';

export default function FuelCardCreate() {
  return <RecordCreate schema={fuelCardCreate} title="haulboard.fuel_cards.create_title" defaultValues={{ status: 'ACTIVE', provider: 'EFS' }}><FuelCardInputs /></RecordCreate>;
}
