import { type UnitDto, unitUpdate } from '../../schema/fleet';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { VehicleInputs } from './VehicleInputs';

export default function VehicleEdit() {
  return <RecordEdit<UnitDto> schema={unitUpdate} title={(unit) => `${unit.unitNumber} · ${unit.year} ${unit.make} ${unit.model}`}><VehicleInputs /></RecordEdit>;
}
