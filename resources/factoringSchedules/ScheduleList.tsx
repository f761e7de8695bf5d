import './messages';
import { useTranslate } from 'ra-core';
import { DataTable, SelectInput } from 'react-admin';
import { SCHEDULE_STATUS_COLOURS, SCHEDULE_STATUSES, type ScheduleStatus } from '../../schema/factoring';
import { usCents, usDate } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { ListEmpty } from '../../ui/records/ListStates';
import { FactoringCompanyInput } from '../../ui/records/pickers';
import { RecordList } from '../../ui/records/RecordList';
import { Tag } from '../../ui/Tag';
import { schedulePath } from './api';

interface ScheduleSummary {
  id: number;
  numberText: string;
  factoringCompanyName: string;
  scheduleOn: string;
  status: ScheduleStatus;
  invoiceCount: number;
  totalCents: number;
}

const filters = [
  <FactoringCompanyInput
    key="factoringCompanyId"
    source="factoringCompanyId"
    label="haulboard.schedules.factor"
    alwaysOn
    helperText={false}
  />,
  <SelectInput
    key="status"
    source="status"
    label="haulboard.schedules.status"
    choices={keyedChoices('haulboard.schedules.statuses', SCHEDULE_STATUSES)}
    alwaysOn
    helperText={false}
  />,
];

export function ScheduleStatusTag({ status }: { status: ScheduleStatus }) {
  const translate = useTranslate();
  return <Tag tone={SCHEDULE_STATUS_COLOURS[status]}>{translate(`haulboard.schedules.statuses.${status}`)}</Tag>;
}

const Column = DataTable.Col<ScheduleSummary>;

/** The schedules of accounts (docs/product/factoring.md#schedules), newest first; a factor's, of a state. */
export default function ScheduleList() {
  return (
    <RecordList
      title="haulboard.schedules.title"
      search="haulboard.schedules.search"
      filters={filters}
      sort={{ field: 'number', order: 'DESC' }}
      exportName="factoring-schedules"
      rowClick={(id) => schedulePath(Number(id))}
      softDelete={false}
      empty={<ListEmpty hint="haulboard.schedules.empty" />}
    >
      <Column
        source="number"
        label="haulboard.schedules.fields.numberText"
        cellSx={nowrap}
        disableSort
        render={(row) => row.numberText}
      />
      <Column source="factoringCompanyName" label="haulboard.schedules.fields.factoringCompanyName" disableSort />
      <Column
        source="scheduleOn"
        label="haulboard.schedules.fields.scheduleOn"
        cellSx={nowrap}
        disableSort
        render={(row) => usDate(row.scheduleOn)}
      />
      <Column
        source="status"
        label="haulboard.schedules.fields.status"
        disableSort
        render={(row) => <ScheduleStatusTag status={row.status} />}
      />
      <Column source="invoiceCount" label="haulboard.schedules.fields.invoiceCount" align="right" disableSort />
      <Column
        source="totalCents"
        label="haulboard.schedules.fields.totalCents"
        align="right"
        cellSx={nowrap}
        disableSort
        render={(row) => usCents(row.totalCents)}
      />
    </RecordList>
  );
}
