import { Box, Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from './visuallyHidden';

/**
 * A chart with its title, and its figures in a table a screen reader reads (the drawing says nothing to it). No
 * charting code here: a screen can draw the card while recharts is still loading, with a skeleton in its place.
 */
export function ChartCard({
  title,
  table,
  height = 220,
  children,
}: {
  title: string;
  table: ReactNode;
  /** The drawing's height in pixels. */
  height?: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card variant="outlined" component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography id={id} variant="subtitle2" component="figcaption" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ height }} aria-hidden>
          {children}
        </Box>
        <Box sx={visuallyHidden}>{table}</Box>
      </CardContent>
    </Card>
  );
}
