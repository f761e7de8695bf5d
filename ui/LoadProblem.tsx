import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';

/** SPEC.md §8: what a list or record that fails to load says. */
export function LoadProblem() {
  const translate = useTranslate();
  return <Alert severity="error" sx={{ m: 2 }}>{translate('haulboard.app.load_problem')}</Alert>;
}
