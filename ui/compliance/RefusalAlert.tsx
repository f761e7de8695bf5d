import './messages';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import type { RefusalDto } from '../../schema/dispatchRules';

/**
 * What a save would refuse, in the server's words (each names its rule and date), with what may follow: the
 * override's reason field for an administrator, or that only one may override.
 */
export function RefusalAlert({
  refusals,
  canOverride,
  children,
}: {
  refusals: readonly RefusalDto[];
  canOverride: boolean;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  if (!refusals.length) return null;
  return (
    <Box sx={{ width: '100%' }} role="region" aria-label={translate('haulboard.compliance.refused_title')}>
      <Alert severity="error" sx={{ mb: 1 }}>
        <AlertTitle>{translate('haulboard.compliance.refused_title')}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {refusals.map((refusal) => (
            <li key={`${refusal.rule}:${refusal.message}`}>{refusal.message}</li>
          ))}
        </Box>
        <Box sx={{ mt: 1 }}>
          {translate(canOverride ? 'haulboard.compliance.override_help' : 'haulboard.compliance.only_administrators')}
        </Box>
      </Alert>
      {canOverride && children}
    </Box>
  );
}
