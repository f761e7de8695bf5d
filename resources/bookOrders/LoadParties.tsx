import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { PayerRecordDto } from '../../schema/receivables';
import { usCents } from '../../ui/format';
import { BrokerInput, DriverInput } from '../../ui/records/pickers';
import { useFill } from './lookup';

interface UnitsOnDay {
  truckId: number | null;
  trailerId: number | null;
}

const root = (name: string) => name;

/**
 * The order's driver, among its carrier's drivers; once a driver and a pickup date are chosen, the truck and trailer
 * the driver is assigned that day (GET /api/UnitAssignments/driver/{id}/on) fill the form's own where still empty.
 */
export function LoadDriverInput({ label }: { label: string }) {
  const [carrierId, driverId, pickupDate] = useWatch({ name: ['carrierId', 'driverId', 'pickup.date'] }) as [
    number | null,
    number | null,
    string | null,
  ];
  const units = useQuery({
    queryKey: ['units-on-day', driverId, pickupDate],
    queryFn: async ({ signal }) =>
      unwrap<UnitsOnDay>(
        await apiFetch(`/api/UnitAssignments/driver/${driverId}/on`, { query: { on: pickupDate! }, signal }),
      ),
    enabled: !!driverId && !!pickupDate,
    staleTime: 60_000,
    retry: false,
  });
  useFill(units.data, root, () => ({ truckId: units.data?.truckId, trailerId: units.data?.trailerId }));
  return <DriverInput source="driverId" label={label} carrierId={carrierId} />;
}

/**
 * The order's broker; once one is chosen, how it pays (GET /api/Receivables/booking-hint/{id},
 * docs/product/receivables.md#booking): its average days to pay over the last 12 months and what is past due, shown
 * as the picker's help, in the warning colour with an icon for a slow payer. Nothing shows when the answer is refused
 * (a user who may not create orders) or has nothing to say.
 */
export function LoadBrokerInput({ label }: { label: string }) {
  const translate = useTranslate();
  const brokerId = useWatch({ name: 'brokerId' }) as number | null;
  const record = useQuery({
    queryKey: ['booking-hint', brokerId],
    queryFn: async ({ signal }) =>
      unwrap<PayerRecordDto>(await apiFetch(`/api/Receivables/booking-hint/${brokerId}`, { signal })),
    enabled: !!brokerId,
    staleTime: 60_000,
    retry: false,
  });
  const hint = brokerId ? record.data : undefined;
  const words = hint && [
    hint.avgDaysToPay === null
      ? translate('haulboard.book_orders.payer.no_history')
      : translate('haulboard.book_orders.payer.pays_in', { days: Math.round(hint.avgDaysToPay) }),
    hint.pastDueCents > 0
      ? translate('haulboard.book_orders.payer.past_due', { amount: usCents(hint.pastDueCents) })
      : translate('haulboard.book_orders.payer.nothing_past_due'),
  ];
  // A slow payer, or money past due: the words stand out, with a sign.
  const warn = !!hint && (hint.slow || hint.pastDueCents > 0);
  const text = hint && (
    <Box
      component="span"
      role="status"
      data-testid="broker-pays"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: warn ? 'warning.main' : undefined,
        fontWeight: warn ? 600 : undefined,
      }}
    >
      {warn && <WarningAmberIcon fontSize="inherit" aria-hidden />}
      {hint.slow && (
        <Box component="span" sx={visuallyHidden}>
          {translate('haulboard.book_orders.payer.slow')}
        </Box>
      )}
      {words!.join(' · ')}
    </Box>
  );
  return <BrokerInput source="brokerId" label={label} isRequired helperText={text || undefined} />;
}
