import './messages';
import { DataTable, SelectInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { APP_STATUSES, type ConnectedAppDto, scopesSummary } from '../../schema/connectedApps';
import { usDateTime } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { StatusChip, nowrap } from '../../ui/records/columns';
import { ListIntro } from '../../ui/records/ListIntro';
import { RecordList } from '../../ui/records/RecordList';

const PREFIX = 'haulboard.connected_apps';
const filters = [
  <SelectInput
    key="status"
    source="status"
    label={`${PREFIX}.status`}
    choices={keyedChoices(`${PREFIX}.statuses`, ['all', ...APP_STATUSES])}
    alwaysOn
    helperText={false}
  />,
];

const Column = DataTable.Col<ConnectedAppDto>;

/** The registered apps: who registered each and when, what it may reach, when it was last used, whether it is revoked. */
export default function AppList() {
  const translate = useTranslate();
  return (
    <RecordList
      title={`${PREFIX}.title`}
      search={`${PREFIX}.search`}
      filters={filters}
      filterDefaultValues={{ status: 'all' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exportName="connected-apps"
      header={<ListIntro text={`${PREFIX}.intro`} />}
      softDelete={false}
    >
      <Column source="name" label={`${PREFIX}.fields.name`} />
      <Column
        source="status"
        label={`${PREFIX}.fields.status`}
        render={(row) => (
          <StatusChip prefix={`${PREFIX}.statuses`} value={row.status} colours={{ active: 'success' }} />
        )}
      />
      <Column source="callerId" label={`${PREFIX}.fields.callerId`} cellSx={() => ({ overflowWrap: 'anywhere' })} />
      <Column
        source="scopes"
        label={`${PREFIX}.fields.scopes`}
        disableSort
        cellSx={() => ({ minWidth: 200, maxWidth: 360 })}
        render={(row) => scopesSummary(row.scopes)}
      />
      <Column
        source="lastUsedAt"
        label={`${PREFIX}.fields.lastUsedAt`}
        cellSx={nowrap}
        render={(row) => (row.lastUsedAt ? usDateTime(row.lastUsedAt) : translate(`${PREFIX}.never_used`))}
      />
      <Column
        source="createdAt"
        label={`${PREFIX}.fields.created`}
        cellSx={nowrap}
        render={(row) => (
          <>
            {row.createdByName}
            <br />
            {usDateTime(row.createdAt)}
          </>
        )}
      />
      <Column
        source="clientId"
        label={`${PREFIX}.fields.clientId`}
        disableSort
        cellSx={() => ({ fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'nowrap' })}
      />
    </RecordList>
  );
}
