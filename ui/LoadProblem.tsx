import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';

/** What a list or record that fails to load says (docs/product/shell.md#failure-messages); `message`: its own words. */
export function LoadProblem({ message = 'haulboard.app.load_problem' }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate(message)}
    </Alert>
  );
}
