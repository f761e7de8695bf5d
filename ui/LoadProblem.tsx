import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';

/** SPEC.md §8: what a list or record that fails to load says (`message`: a screen's own words, a translation key). */
export function LoadProblem({ message = 'haulboard.app.load_problem' }: { message?: string }) {
  const translate = useTranslate();
  return <Alert severity="error" sx={{ m: 2 }}>{translate(message)}</Alert>;
}
