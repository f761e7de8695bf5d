import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A part of the inspection, headed for screen readers' outline (h2 under the screen's h1). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
