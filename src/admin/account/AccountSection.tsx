import { Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** One part of /app/account: a card with its heading (a landmark named by it) and what it is for. */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ overflowWrap: 'anywhere' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <div>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
