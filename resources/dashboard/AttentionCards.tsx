import { Box, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardSummary } from '../../schema/dashboard';
import { usDate, usMoney } from '../../ui/format';
import { DeadlineChip } from '../claims/DeadlineChip';
import { listLink } from './links';
import { toneColour } from './tone';
import { linkTarget } from '../../ui/shellSizes';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A count that opens its list, or stays plain when the list has no such filter. */
const Count = ({ to, children, tone }: { to?: string; children: ReactNode; tone?: 'error' | 'warning' }) =>
  to ? (
    <Link
      component={RouterLink}
      to={to}
      sx={[{ fontWeight: 600, color: tone ? toneColour(tone) : undefined }, linkTarget]}
    >
      {children}
    </Link>
  ) : (
    <Typography component="span" sx={{ fontWeight: 600, color: tone ? toneColour(tone) : undefined }}>
      {children}
    </Typography>
  );

/** What needs the user now: expirations, claim deadlines, court dates and unpaid citations, money outstanding. */
function AttentionCardsTiles({ summary }: { summary: DashboardSummary }) {
  const translate = useTranslate();
  const { expirations, claims, tickets, receivables } = summary;
  if (!expirations && !claims && !tickets && !receivables) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      {expirations && (
        <Section
          id="dash-expirations"
          title={translate('haulboard.dashboard.expirations', { days: expirations.windowDays })}
        >
          <List dense disablePadding>
            {expirations.lists.map((list) => (
              <ListItem key={list.list} disableGutters sx={{ display: 'block' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <span>{list.title}</span>
                  <Count
                    to={listLink(list.route, list.filter)}
                    tone={list.fields.some((f) => f.expired) ? 'error' : list.count ? 'warning' : undefined}
                  >
                    {list.count}
                  </Count>
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {list.fields
                    .map((f) =>
                      translate('haulboard.dashboard.expiring_field', {
                        label: f.label,
                        expired: f.expired,
                        due: f.due,
                      }),
                    )
                    .join(' · ')}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {claims && (
        <Section id="dash-claims" title={translate('haulboard.dashboard.claims')}>
          <Typography variant="body2">
            <Count to={claims.route}>{claims.open}</Count> {translate('haulboard.dashboard.claims_open')} ·{' '}
            <Count tone={claims.overdue ? 'error' : undefined}>{claims.overdue}</Count>{' '}
            {translate('haulboard.dashboard.claims_overdue')} ·{' '}
            <Count tone={claims.dueSoon ? 'warning' : undefined}>{claims.dueSoon}</Count>{' '}
            {translate('haulboard.dashboard.claims_due_soon')}
          </Typography>
          <List dense disablePadding>
            {claims.next.map((claim) => (
              <ListItem key={claim.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`${claims.route}/${claim.id}/edit`}>
                      {claim.claimNumber}
                    </Link>
                  }
                  secondary={`${claim.claimantCompany} · ${translate(`haulboard.dashboard.claim_${claim.what.toLowerCase()}`, { date: usDate(claim.nextDeadline) })}`}
                />
                <DeadlineChip claim={claim} withDate={false} />
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {tickets && (
        <Section id="dash-tickets" title={translate('haulboard.dashboard.tickets')}>
          <Typography variant="body2">
            {translate('haulboard.dashboard.court_dates', { days: tickets.courtDays })}:{' '}
            <Count>{tickets.courtDates.citations}</Count> · {translate('haulboard.dashboard.unpaid')}:{' '}
            <Count to={listLink(tickets.citationsRoute, tickets.unpaid.filter)}>{tickets.unpaid.count}</Count> (
            {usMoney(tickets.unpaid.amount)})
          </Typography>
          <List dense disablePadding>
            {tickets.courtDates.next.map((court) => (
              <ListItem key={court.citationId} disableGutters>
                <ListItemText
                  primary={
                    <>
                      {usDate(court.courtDate)} ·{' '}
                      <Link component={RouterLink} to={`${tickets.route}/${court.ticketId}/edit`}>
                        {court.ticketTitle}
                      </Link>
                    </>
                  }
                  secondary={[court.citationNumber, court.driverName].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {receivables && (
        <Section id="dash-money" title={translate('haulboard.dashboard.receivables')}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr max-content', rowGap: 1, m: 0 }}>
            <Typography component="dt" variant="body2">
              {translate('haulboard.dashboard.ar', { smart_count: receivables.ar.count })}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {usMoney(receivables.ar.amount)}
            </Typography>
            <Typography component="dt" variant="body2">
              {translate('haulboard.dashboard.cod', { smart_count: receivables.cod.count })}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              <Count to={listLink(receivables.route, receivables.cod.filter)}>{usMoney(receivables.cod.amount)}</Count>
            </Typography>
          </Box>
        </Section>
      )}
    </Box>
  );
}

/** Drawn again only when its part of the summary changes, not on each render of the screen around it (a refresh, an access check). */
export const AttentionCards = memo(AttentionCardsTiles);
