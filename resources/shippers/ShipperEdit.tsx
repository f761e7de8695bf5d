import { type ShipperDto, shipperUpdate } from '../../schema/people';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { ShipperInputs } from './ShipperInputs';

export default function ShipperEdit() {
  return <RecordEdit<ShipperDto> schema={shipperUpdate} title={(shipper) => shipper.name}><ShipperInputs /></RecordEdit>;
}
