import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** The card the public forms share: a heading, an optional error, the fields and the links below. */
export function FormCard({ title, subtitle, error, onSubmit, children, footer }: {
  title: string;
  subtitle?: string;
  error?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card sx={{ maxWidth: 440, mx: 'auto', overflowWrap: 'anywhere' }} elevation={3}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography component="h1" variant="h5" gutterBottom>{title}</Typography>
        {subtitle && <Typography color="text.secondary" sx={{ mb: 2 }}>{subtitle}</Typography>}
        {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {children}
        </Box>
        {footer && <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>{footer}</Box>}
      </CardContent>
    </Card>
  );
}
