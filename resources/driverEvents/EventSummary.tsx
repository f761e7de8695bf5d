import { Box, Chip, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { groupDigits } from '../../schema/common';
import type { EventTotals } from '../../schema/resources/driverEvents';
import { ChartCard } from '../../ui/ChartCard';

/**
 * The event report's figures: how many events of each type the list's filters find and the days they cover (home
 * and shop time span days), summed by the server over the whole filtered set — a chart, the same in a table for a
 * screen reader, and the counts in words.
 */
export default function EventSummary() {
  const translate = useTranslate();
  const { meta } = useListContext() as { meta?: { totals?: EventTotals } };
  const totals = meta?.totals;
  if (!totals) return null;
  const title = translate('haulboard.calendar.summary.title');
  const events = translate('haulboard.calendar.summary.events');
  const days = translate('haulboard.calendar.summary.days');
  return (
    <Box sx={{ display: 'grid', gap: 1, p: { xs: 0, sm: 2 }, pb: { xs: 2, sm: 1 } }}>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
          {translate('haulboard.calendar.summary.total', {
            smart_count: totals.events,
            days: groupDigits(totals.days),
          })}
        </Typography>
        {totals.byType
          .filter((type) => type.events > 0)
          .map((type) => (
            <Chip key={type.type} size="small" variant="outlined" label={`${type.label} ${groupDigits(type.events)}`} />
          ))}
      </Box>
      {totals.events > 0 && (
        <ChartCard
          title={title}
          height={230}
          table={
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{translate('haulboard.calendar.summary.type')}</th>
                  <th scope="col">{events}</th>
                  <th scope="col">{days}</th>
                </tr>
              </thead>
              <tbody>
                {totals.byType.map((type) => (
                  <tr key={type.type}>
                    <th scope="row">{type.label}</th>
                    <td>{type.events}</td>
                    <td>{type.days}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={totals.byType} margin={{ right: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} strokeDasharray="3 3" />
              {/* Slanted: seven types' names fit a phone's width. */}
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={56} />
              <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="events" name={events} fill="#1976d2" isAnimationActive={false} />
              <Bar dataKey="days" name={days} fill="#9c27b0" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      )}
    </Box>
  );
}
