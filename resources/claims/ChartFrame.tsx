import './messages';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../../ui/visuallyHidden';

/**
 * The frame of the claims tracker's two charts, without recharts: the charts (ClaimCharts.tsx) draw in it, and while
 * their code loads the same frame holds the place with skeletons, so the list below never moves when they arrive.
 */
export function ChartsGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 2,
        p: { xs: 0, sm: 2 },
        pb: { xs: 2, sm: 1 },
      }}
    >
      {children}
    </Box>
  );
}

/** A chart with its title, and its figures in a table a screen reader reads (the drawing says nothing to it). */
export function ChartCard({ title, table, children }: { title: string; table: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography id={id} variant="subtitle2" component="figcaption" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ height: 220 }} aria-hidden>
          {children}
        </Box>
        <Box sx={visuallyHidden}>{table}</Box>
      </CardContent>
    </Card>
  );
}

export const chartSkeleton = <Skeleton variant="rounded" height="100%" />;

/** The two charts' places while their code loads. */
export function ChartsLoading() {
  const translate = useTranslate();
  return (
    <ChartsGrid>
      {['haulboard.claims.charts.by_status', 'haulboard.claims.charts.money'].map((title) => (
        <ChartCard key={title} title={translate(title)} table={null}>
          {chartSkeleton}
        </ChartCard>
      ))}
    </ChartsGrid>
  );
}
