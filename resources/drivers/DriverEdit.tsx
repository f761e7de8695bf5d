import { type DriverDto, driverUpdate } from '../../schema/people';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { DriverInputs } from './DriverInputs';
import { DriverLinks } from './DriverLinks';

export default function DriverEdit() {
  return <RecordEdit<DriverDto> schema={driverUpdate} title={(driver) => driver.name} aside={<DriverLinks />}><DriverInputs /></RecordEdit>;
}
