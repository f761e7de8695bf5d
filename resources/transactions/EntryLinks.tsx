import { Alert, Box, Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { usDateTime } from '../../ui/format';

type Entry = {
  status: string;
  voidsId: number | null;
  voidedById: number | null;
  voidReason: string | null;
  payBillId: number | null;
  linkLabel: string | null;
  postedBy: string | null;
  createdAt: string;
};

const entryPath = (id: number) => `/app/finances/driver-transactions/${id}/edit`;

/** Where an entry stands: posted by whom, the void it pairs with and why, the bill that settled it, what it came from. */
export function EntryLinks() {
  const translate = useTranslate();
  const entry = useRecordContext<Entry>();
  if (!entry) return null;
  const when = usDateTime(entry.createdAt);
  return (
    <Box
      sx={{ display: 'grid', gap: 1, alignContent: 'start', ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 320 } }}
    >
      <Alert severity="info" icon={false}>
        {translate('haulboard.transactions.posted_by', {
          name: entry.postedBy ?? translate('haulboard.transactions.system'),
          time: when,
        })}
        {entry.linkLabel && <> · {translate('haulboard.transactions.from', { what: entry.linkLabel })}</>}
        {entry.payBillId && (
          <>
            {' '}
            ·{' '}
            <Link component={RouterLink} to={`/app/finances/pay-driver-bills/${entry.payBillId}/show`}>
              {translate('haulboard.transactions.settled_by', { id: entry.payBillId })}
            </Link>
          </>
        )}
      </Alert>
      {entry.voidedById && (
        <Alert severity="warning">
          {translate('haulboard.transactions.voided_by', { reason: entry.voidReason ?? '' })}{' '}
          <Link component={RouterLink} to={entryPath(entry.voidedById)}>
            {translate('haulboard.transactions.open_entry', { id: entry.voidedById })}
          </Link>
        </Alert>
      )}
      {entry.voidsId && (
        <Alert severity="warning">
          {translate('haulboard.transactions.voids', { reason: entry.voidReason ?? '' })}{' '}
          <Link component={RouterLink} to={entryPath(entry.voidsId)}>
            {translate('haulboard.transactions.open_entry', { id: entry.voidsId })}
          </Link>
        </Alert>
      )}
    </Box>
  );
}
