import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { localToday } from '../../ui/assignments/dates';
import { usDate } from '../../ui/format';
import { AttentionCards } from './AttentionCards';
import { GrossCard } from './GrossCard';
import { LoadsCards } from './LoadsCards';
import { dashboardQuery } from './query';

/**
 * The landing dashboard (docs/analytics.md#dashboard): how we are doing — loads today and this week by status, gross
 * and clean gross over 12 weeks with revenue per mile — and what needs the user now — approvals, reviews, expirations,
 * claim deadlines, court dates, money outstanding. The server sends only what the user may read; every figure opens the
 * list that explains it.
 */
export default function DashboardScreen() {
  const translate = useTranslate();
  const today = localToday();
  const { data, error, refetch, isFetching } = useQuery(dashboardQuery(today));
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2 }}>
      <Title title={translate('haulboard.dashboard.title')} />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('haulboard.reports.retry')}
            </Button>
          }
        >
          {(error as Error).message || translate('haulboard.app.load_problem')}
        </Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={420} aria-label={translate('haulboard.dashboard.loading')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {translate('haulboard.dashboard.as_of', { date: usDate(data.today) })}
            {isFetching ? ` · ${translate('haulboard.reports.updating')}` : ''}
          </Typography>
          {data.loads && <LoadsCards loads={data.loads} waiting={data.waiting} />}
          {data.gross && <GrossCard gross={data.gross} />}
          <AttentionCards summary={data} />
          {!data.loads && !data.gross && !data.expirations && !data.claims && !data.tickets && !data.receivables && (
            <Alert severity="info">{translate('haulboard.dashboard.nothing')}</Alert>
          )}
        </>
      )}
    </Box>
  );
}
