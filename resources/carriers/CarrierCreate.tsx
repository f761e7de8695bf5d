import { carrierInput } from '../../schema/people';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { CarrierInputs, prepareCarrier } from './CarrierInputs';

export default function CarrierCreate() {
  return <RecordCreate schema={carrierInput} prepare={prepareCarrier} title="haulboard.carriers.create_title" defaultValues={{ authorities: [] }}><CarrierInputs /></RecordCreate>;
}
