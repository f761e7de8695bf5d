import { driverInput } from '../../schema/people';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { DriverInputs } from './DriverInputs';

export default function DriverCreate() {
  return <RecordCreate schema={driverInput} title="haulboard.drivers.create_title" defaultValues={{ driverType: 'COMPANY', phoneCountry: 'US', payType: 'PERCENT' }}><DriverInputs /></RecordCreate>;
}
