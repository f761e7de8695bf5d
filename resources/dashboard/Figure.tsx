import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toneColour } from './tone';

/** One headline figure: what it is, the number, a line under it; a link to the list that explains it when there is one. */
export function Figure({
  label,
  value,
  note,
  to,
  tone,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
  tone?: 'warning' | 'error';
}) {
  const body = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontVariantNumeric: 'tabular-nums', color: tone ? toneColour(tone) : undefined }}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
