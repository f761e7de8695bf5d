import './messages';
import { DataTable, SelectInput } from 'react-admin';
import { OFFBOARDING_STATES, type OffBoardingRow } from '../../schema/offboarding';
import { usDate, usMoney } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { RecordList } from '../../ui/records/RecordList';
import { OFFBOARDING_PATH } from './api';

const filters = [
  <SelectInput
    key="state"
    source="state"
    label="haulboard.offboarding.state"
    choices={keyedChoices('haulboard.offboarding.states', OFFBOARDING_STATES)}
    alwaysOn
    helperText={false}
  />,
];

const Column = DataTable.Col<OffBoardingRow>;

/**
 * The drivers with a termination date, past or coming (docs/product/people.md#people): what each still has open and how
 * far the checklist is; those with steps left first. A row opens the driver's checklist.
 */
export default function OffBoardingList() {
  return (
    <RecordList
      title="haulboard.offboarding.title"
      search="haulboard.offboarding.search"
      filters={filters}
      filterDefaultValues={{ state: 'open' }}
      sort={{ field: 'terminatedOn', order: 'ASC' }}
      exportName="driver-off-boarding"
      rowClick={(id) => `${OFFBOARDING_PATH}/${id}`}
      softDelete={false}
    >
      <Column source="name" label="haulboard.offboarding.fields.name" />
      <Column
        source="terminatedOn"
        label="haulboard.offboarding.fields.terminatedOn"
        cellSx={nowrap}
        render={(row) => usDate(row.terminatedOn)}
      />
      <Column
        source="balance"
        label="haulboard.offboarding.fields.balance"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.balance)}
      />
      <Column
        source="escrow"
        label="haulboard.offboarding.fields.escrow"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.escrow)}
      />
      <Column source="openItems" label="haulboard.offboarding.fields.openItems" align="right" disableSort />
      <Column
        source="stepsDone"
        label="haulboard.offboarding.fields.stepsDone"
        align="right"
        cellSx={nowrap}
        render={(row) => `${row.stepsDone} / ${row.steps}`}
      />
    </RecordList>
  );
}
