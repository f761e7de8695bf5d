import { type CarrierDto, carrierUpdate } from '../../schema/people';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { CarrierInputs, prepareCarrier } from './CarrierInputs';

export default function CarrierEdit() {
  return <RecordEdit<CarrierDto> schema={carrierUpdate} prepare={prepareCarrier} title={(carrier) => carrier.name}><CarrierInputs /></RecordEdit>;
}
