import { Alert, Box, Button } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** A form of an account section: its fields, the server's refusal above them, the button below. */
export function SectionForm({
  onSubmit,
  error,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {children}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
