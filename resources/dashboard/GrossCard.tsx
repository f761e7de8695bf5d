import { Box, Card, CardContent, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'ra-core';
import type { GrossTile } from '../../schema/dashboard';
import type { ReportColumn } from '../../schema/reports';
import { usMoney, usNumber } from '../../ui/format';
import BarsChart from '../../ui/reports/BarsChart';
import { ReportTable } from '../../ui/reports/ReportTable';
import { Figure } from './Figure';
import { listLink } from './links';

/** Gross and clean gross (after broker fees) by week for 12 weeks, revenue per mile where distances are known; the weeks' table under the chart. */
function GrossCardTiles({ gross }: { gross: GrossTile }) {
  const translate = useTranslate();
  const columns: ReportColumn[] = [
    { key: 'week', label: translate('haulboard.dashboard.week'), kind: 'week' },
    { key: 'loads', label: translate('haulboard.dashboard.loads'), kind: 'count', drill: 'orders' },
    { key: 'gross', label: translate('haulboard.dashboard.gross'), kind: 'money' },
    { key: 'cleanGross', label: translate('haulboard.dashboard.clean_gross'), kind: 'money' },
    { key: 'revenuePerMile', label: translate('haulboard.dashboard.per_mile'), kind: 'money', total: false },
  ];
  const thisWeek = gross.weeks[gross.weeks.length - 1];
  const rows = gross.weeks.map(({ filter: _filter, ...week }) => week);
  return (
    <Card variant="outlined" component="section" aria-labelledby="gross-by-week">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="gross-by-week" variant="subtitle1" component="h2">
          {translate('haulboard.dashboard.gross_title')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1 }}>
          <Figure
            label={translate('haulboard.dashboard.gross_week')}
            value={usMoney(thisWeek?.gross ?? 0)}
            to={thisWeek && listLink(gross.route, thisWeek.filter)}
          />
          <Figure label={translate('haulboard.dashboard.clean_week')} value={usMoney(thisWeek?.cleanGross ?? 0)} />
          <Figure
            label={translate('haulboard.dashboard.gross_12')}
            value={usMoney(gross.totals.gross)}
            note={translate('haulboard.dashboard.clean', { amount: usMoney(gross.totals.cleanGross) })}
          />
          <Figure
            label={translate('haulboard.dashboard.per_mile')}
            value={gross.totals.revenuePerMile == null ? '—' : usMoney(gross.totals.revenuePerMile)}
            note={translate('haulboard.dashboard.per_mile_note', {
              loads: gross.totals.loadsWithMiles,
              all: gross.totals.loads,
              miles: usNumber(gross.totals.miles),
            })}
          />
        </Box>
        <Box sx={{ height: { xs: 220, md: 280 } }} aria-hidden>
          <BarsChart
            chart={{ kind: 'bar', x: 'week', series: ['gross', 'cleanGross'], title: '' }}
            columns={columns}
            rows={rows}
          />
        </Box>
        <ReportTable
          caption={translate('haulboard.dashboard.gross_title')}
          columns={columns}
          rows={rows}
          totals={gross.totals}
          linkOf={(column, row) =>
            column.key === 'loads'
              ? listLink(gross.route, gross.weeks.find((w) => w.week === row.week)?.filter)
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}

/** Drawn again only when its part of the summary changes, not on each render of the screen around it (a refresh, an access check). */
export const GrossCard = memo(GrossCardTiles);
