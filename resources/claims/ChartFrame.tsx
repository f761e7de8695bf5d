import './messages';
import { Box, Skeleton } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { ChartCard } from '../../ui/ChartCard';

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
