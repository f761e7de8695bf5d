import { Autocomplete, Box, Button, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { BoardCard } from '../../schema/dispatchBoard';
import { RefusalAlert } from '../../ui/compliance/RefusalAlert';
import { useDispatchCheck } from '../../ui/compliance/useDispatchCheck';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useApiList } from '../../ui/useApiList';

export interface DriverChoice {
  id: number;
  name: string;
}

const MIN_REASON = 10;

/**
 * Choose the order's driver (or none) from the active drivers. A driver the dispatch rules refuse for this load
 * (docs/product/compliance.md#dispatch-rules) is said so as soon as chosen, in the server's words; an administrator
 * may assign anyway with a reason (the override, audited), anyone else cannot assign that driver.
 */
export function AssignDriverDialog({
  card,
  onClose,
  onAssign,
}: {
  card: BoardCard;
  onClose(): void;
  onAssign(driver: DriverChoice | null, overrideReason: string | null): void;
}) {
  const translate = useTranslate();
  const { data: drivers = [], isPending } = useApiList<DriverChoice>('/api/Driver/GetAllNames');
  const [driver, setDriver] = useState<DriverChoice | null>(drivers.find((d) => d.id === card.driverId) ?? null);
  const [reason, setReason] = useState('');
  const { refusals, canOverride } = useDispatchCheck({
    driverId: driver?.id,
    pickupDate: card.pickup.date,
    deliveryDate: card.delivery.date,
    orderId: card.id,
  });
  const refused = refusals.length > 0;
  const overriding = refused && canOverride;
  const ready = !refused || (overriding && reason.trim().length >= MIN_REASON);
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onAssign(driver, overriding ? reason.trim() : null);
        }}
      >
        <DialogTitle>{translate('haulboard.dispatch_board.assign_title', { number: card.orderNumber })}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2 }}>
          <Autocomplete
            options={drivers}
            loading={isPending}
            value={driver}
            onChange={(_event, value) => setDriver(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={translate('haulboard.book_orders.filters.driver')}
                placeholder={translate('haulboard.dispatch_board.remove_driver')}
              />
            )}
          />
          <RefusalAlert refusals={refusals} canOverride={canOverride}>
            <TextField
              label={translate('haulboard.compliance.override_reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              required
              inputProps={{ maxLength: 500 }}
            />
          </RefusalAlert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={overriding ? 'warning' : 'primary'} disabled={!ready}>
            {translate(overriding ? 'haulboard.compliance.assign_anyway' : 'haulboard.dispatch_board.assign')}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
