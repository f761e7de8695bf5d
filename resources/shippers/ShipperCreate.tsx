import { shipperInput } from '../../schema/people';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { ShipperInputs } from './ShipperInputs';

export default function ShipperCreate() {
  return <RecordCreate schema={shipperInput} title="haulboard.shippers.create_title"><ShipperInputs /></RecordCreate>;
}
