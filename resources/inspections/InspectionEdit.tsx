import { useRecordContext } from 'ra-core';
import type { InspectionDto } from '../../schema/resources/inspections';
import { usDate } from '../../ui/format';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { PartAside, toTicket } from '../../ui/tickets/PartAside';
import { INSPECTION_INPUTS } from '../../ui/tickets/ViolationRows';

/** Beside an inspection report: its ticket (the stop's date, the driver) and the scanned report. */
function InspectionAside() {
  const report = useRecordContext<InspectionDto>();
  if (!report) return null;
  return (
    <PartAside
      part={report}
      ownerType="inspection"
      about={
        <>
          {' '}
          · {usDate(report.inspectedOn)}
          {report.driverName && <> · {report.driverName}</>}
        </>
      }
    />
  );
}

/** An inspection report: the definition's form (violations searchable by code or words) and its documents. */
export default function InspectionEdit() {
  return <DefinitionEdit inputs={INSPECTION_INPUTS} aside={<InspectionAside />} redirect={toTicket} />;
}
