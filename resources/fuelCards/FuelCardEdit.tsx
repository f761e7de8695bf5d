import { type FuelCardDto, fuelCardUpdate } from '../../schema/fleet';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { FuelCardInputs, prepareFuelCard } from './FuelCardInputs';

export default function FuelCardEdit() {
  return <RecordEdit<FuelCardDto> schema={fuelCardUpdate} prepare={prepareFuelCard} title={(card) => card.maskedNumber}><FuelCardInputs /></RecordEdit>;
}
