import './messages';
import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { WEBHOOK_STATUSES, type WebhookDto } from '../../schema/webhooks';
import { usDateTime } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { StatusChip, nowrap } from '../../ui/records/columns';
import { ListIntro } from '../../ui/records/ListIntro';
import { RecordList } from '../../ui/records/RecordList';
import { EventNames } from './EventNames';

const PREFIX = 'haulboard.webhooks';
const filters = [
  <SelectInput
    key="status"
    source="status"
    label={`${PREFIX}.status`}
    choices={keyedChoices(`${PREFIX}.statuses`, ['all', ...WEBHOOK_STATUSES])}
    alwaysOn
    helperText={false}
  />,
];

const Column = DataTable.Col<WebhookDto>;

/** The subscriptions: where each delivers, what to, whether it is delivering, what waits, when it last delivered. */
export default function WebhookList() {
  const translate = useTranslate();
  return (
    <RecordList
      title={`${PREFIX}.title`}
      search={`${PREFIX}.search`}
      filters={filters}
      filterDefaultValues={{ status: 'all' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exportName="webhooks"
      header={<ListIntro text={`${PREFIX}.intro`} />}
      softDelete={false}
    >
      <Column
        source="url"
        label={`${PREFIX}.fields.url`}
        cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 220 })}
        render={(row) => (
          <>
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
              {row.url}
            </Box>
            {row.description && (
              <Typography variant="body2" color="text.secondary">
                {row.description}
              </Typography>
            )}
          </>
        )}
      />
      <Column
        source="status"
        label={`${PREFIX}.fields.status`}
        render={(row) => (
          <StatusChip
            prefix={`${PREFIX}.statuses`}
            value={row.status}
            colours={{ ACTIVE: 'success', PAUSED: 'warning' }}
          />
        )}
      />
      <Column
        source="events"
        label={`${PREFIX}.fields.events`}
        disableSort
        cellSx={() => ({ minWidth: 200, maxWidth: 340 })}
        render={(row) => <EventNames events={row.events} />}
      />
      <Column source="pendingCount" label={`${PREFIX}.fields.pending`} disableSort />
      <Column
        source="lastDeliveryAt"
        label={`${PREFIX}.fields.lastDeliveryAt`}
        cellSx={nowrap}
        render={(row) => (row.lastDeliveryAt ? usDateTime(row.lastDeliveryAt) : translate(`${PREFIX}.never`))}
      />
      <Column
        source="createdAt"
        label={`${PREFIX}.fields.created`}
        cellSx={nowrap}
        render={(row) => (
          <>
            {row.appName ?? row.createdByName}
            <br />
            {usDateTime(row.createdAt)}
          </>
        )}
      />
    </RecordList>
  );
}
