import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import {
  Alert,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { damagePlace } from '../../schema/inspectionComparison';
import { claims } from '../../schema/resources/claims';
import type { DamageInput } from '../../schema/vehicleInspections';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { claimedDamagesQueryKey, openClaimFromInspection } from './api';

type Damage = DamageInput & { text: string };

/**
 * "Open a claim" from new delivery damages of one vehicle: a dialog lists the vehicle's new damages not on a claim yet
 * (the one clicked chosen, or all), and opening makes the claim (POST /api/ClaimTracker/from-inspection) and goes to
 * it. When the damages are on a claim already (someone was quicker), it goes to that claim and says so.
 */
export function OpenClaimButton({
  orderId,
  vin,
  damages,
  chosen,
  label = 'Open a claim',
  icon = false,
}: {
  orderId: number;
  vin: string;
  damages: readonly Damage[];
  /** The damage the button stands by: the only one chosen at first (all of them when left out). */
  chosen?: string;
  label?: string;
  /** With the warning icon (the button above the panels; a damage's own button is kept narrow). */
  icon?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const titleId = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const start = () => {
    setKeys(chosen ? [chosen] : damages.map((damage) => damage.clientKey));
    setProblem('');
    setOpen(true);
  };
  const toClaim = (id: number) => navigate(`/app/${claims.name}/${id}/edit`);
  const submit = async () => {
    setBusy(true);
    setProblem('');
    try {
      const claim = await openClaimFromInspection({ orderId, vin, damageClientKeys: keys });
      notify('Claim opened from the delivery inspection', { type: 'success' });
      toClaim(claim.id);
    } catch (error) {
      const body = (error as { status?: number; body?: { claim?: { id: number; claimNumber: string } } }).body;
      if ((error as { status?: number }).status === 409 && body?.claim) {
        notify(`These damages are on claim ${body.claim.claimNumber} already: it is open now`, { type: 'info' });
        toClaim(body.claim.id);
      } else setProblem((error as Error).message);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: claimedDamagesQueryKey(orderId) });
    }
  };
  const toggle = (key: string) => setKeys((now) => (now.includes(key) ? now.filter((k) => k !== key) : [...now, key]));
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={icon ? <ReportProblemIcon /> : undefined}
        onClick={start}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {label}
      </Button>
      {open && (
        <ResponsiveDialog open onClose={() => !busy && setOpen(false)} maxWidth="sm" aria-labelledby={titleId}>
          <DialogTitle id={titleId}>Open a claim for {vin}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 1 }}>
              A damage claim on this order and vehicle, received the day of the delivery inspection, with these damages
              described and their photos attached. The claimant is the order’s shipper and the amount is left at $0.00
              for the claims team to fill in.
            </Typography>
            <FormGroup>
              {damages.map((damage) => (
                <FormControlLabel
                  key={damage.clientKey}
                  control={
                    <Checkbox checked={keys.includes(damage.clientKey)} onChange={() => toggle(damage.clientKey)} />
                  }
                  label={
                    <>
                      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                        {damage.text}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="span">
                        {damagePlace(damage)}
                      </Typography>
                    </>
                  }
                  sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, mb: 0.5 }}
                />
              ))}
            </FormGroup>
            {problem && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" color="error" onClick={submit} disabled={busy || !keys.length}>
              Open the claim
            </Button>
          </DialogActions>
        </ResponsiveDialog>
      )}
    </>
  );
}
