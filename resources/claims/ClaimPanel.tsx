import './messages';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Drawer, IconButton, Skeleton, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'ra-core';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { claims, type ClaimDto } from '../../schema/resources/claims';
import { usDate, usMoney } from '../../ui/format';
import { ClaimWork } from './ClaimWork';
import { useSelectedClaim } from './selection';

/**
 * The submit panel (docs/product/claims.md#claims): the chosen claim (claimId, claimNumber) beside the list — who
 * claims what on which order, and its work (ClaimWork); its form one click away. The whole screen on a phone.
 */
export function ClaimPanel() {
  const translate = useTranslate();
  const titleId = useId();
  const { selected, close } = useSelectedClaim();
  const {
    data: claim,
    isPending,
    error,
  } = useGetOne<ClaimDto>(claims.name, { id: selected.claimId! }, { enabled: selected.open && !!selected.claimId });
  return (
    <Drawer
      anchor="right"
      open={selected.open && !!selected.claimId}
      onClose={close}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('haulboard.claims.panel.title', { number: selected.claimNumber ?? '' })}
        </Typography>
        {claim && (
          <Button
            size="small"
            startIcon={<EditIcon />}
            component={RouterLink}
            to={`/app/${claims.name}/${claim.id}/edit`}
          >
            {translate('haulboard.claims.panel.open_form')}
          </Button>
        )}
        <IconButton onClick={close} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : isPending || !claim ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('haulboard.claims.panel.about', {
              claimant: claim.claimantCompany,
              amount: usMoney(claim.claimed),
              order: claim.orderNumber,
              received: usDate(claim.receivedOn),
            })}
            {claim.vins.length > 0 && <> · {claim.vins.join(', ')}</>}
          </Typography>
          <ClaimWork claim={claim} />
        </>
      )}
    </Drawer>
  );
}
