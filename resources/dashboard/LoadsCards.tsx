import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { LoadsTile, WaitingTile } from '../../schema/dashboard';
import { Figure } from './Figure';
import { listLink } from './links';
import BarsChart from '../../ui/reports/BarsChart';
import { linkTarget } from '../../ui/shellSizes';

/**
 * Loads picked up today and this week, each status of this week's as a bar and as a link to the list showing the same
 * count; the orders waiting for approval or a manager's review.
 */
function LoadsCardsTiles({ loads, waiting }: { loads: LoadsTile; waiting?: WaitingTile }) {
  const translate = useTranslate();
  const status = (code: string) => translate(`haulboard.book_orders.statuses.${code}`);
  const week = loads.thisWeek.byStatus.map((s) => ({ status: status(s.status), count: s.count }));
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1 }}>
        <Figure
          label={translate('haulboard.dashboard.loads_today')}
          value={loads.today.count}
          to={listLink(loads.route, loads.today.filter)}
        />
        <Figure
          label={translate('haulboard.dashboard.loads_week')}
          value={loads.thisWeek.count}
          to={listLink(loads.route, loads.thisWeek.filter)}
        />
        {waiting && (
          <>
            <Figure
              label={translate('haulboard.dashboard.approval')}
              value={waiting.approval.count}
              to={listLink(waiting.route, waiting.approval.filter)}
              tone={waiting.approval.count ? 'warning' : undefined}
            />
            <Figure
              label={translate('haulboard.dashboard.review')}
              value={waiting.managerReview.count}
              to={listLink(waiting.route, waiting.managerReview.filter)}
              tone={waiting.managerReview.count ? 'warning' : undefined}
            />
          </>
        )}
      </Box>
      <Card variant="outlined" component="section" aria-labelledby="loads-by-status">
        <CardContent sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2 }}>
          <Box>
            <Typography id="loads-by-status" variant="subtitle1" component="h2">
              {translate('haulboard.dashboard.by_status')}
            </Typography>
            <Box sx={{ height: 220 }} aria-hidden>
              <BarsChart
                chart={{ kind: 'bar', x: 'status', series: ['count'], title: '' }}
                columns={[
                  { key: 'status', label: translate('haulboard.dashboard.status'), kind: 'text' },
                  { key: 'count', label: translate('haulboard.dashboard.loads'), kind: 'count' },
                ]}
                rows={week}
              />
            </Box>
          </Box>
          <List dense aria-label={translate('haulboard.dashboard.by_status')}>
            {loads.thisWeek.byStatus.map((s) => (
              <ListItem key={s.status} disableGutters sx={{ justifyContent: 'space-between' }}>
                <span>{status(s.status)}</span>
                <Link
                  component={RouterLink}
                  to={listLink(loads.route, s.filter)}
                  aria-label={`${status(s.status)}: ${s.count}`}
                  sx={[{ fontVariantNumeric: 'tabular-nums' }, linkTarget]}
                >
                  {s.count}
                </Link>
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </>
  );
}

/** Drawn again only when its part of the summary changes, not on each render of the screen around it (a refresh, an access check). */
export const LoadsCards = memo(LoadsCardsTiles);
