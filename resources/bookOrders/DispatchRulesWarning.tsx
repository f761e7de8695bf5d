import { TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RefusalAlert } from '../../ui/compliance/RefusalAlert';
import { useDispatchCheck } from '../../ui/compliance/useDispatchCheck';

/**
 * The dispatch rules as the order's driver and broker are chosen (docs/product/compliance.md#dispatch-rules): what the
 * save would refuse, in the server's words, and for an administrator the reason that overrides it for this order.
 */
export function DispatchRulesWarning() {
  const order = useRecordContext<{ id: number }>();
  const [driverId, brokerId, pickupDate, deliveryDate] = useWatch({
    name: ['driverId', 'brokerId', 'pickup.date', 'delivery.date'],
  }) as [number | null, number | null, string | null, string | null];
  const { refusals, canOverride } = useDispatchCheck({
    driverId,
    brokerId,
    pickupDate,
    deliveryDate,
    orderId: order?.id,
  });
  return (
    <RefusalAlert refusals={refusals} canOverride={canOverride}>
      <TextInput
        source="complianceOverride.reason"
        label="haulboard.compliance.override_reason"
        multiline
        fullWidth
        helperText={false}
      />
    </RefusalAlert>
  );
}

/** What the form sends: an override with no reason typed is no override (the field may be left empty, or hidden). */
export function withoutBlankOverride(values: Record<string, unknown>): Record<string, unknown> {
  const override = values.complianceOverride as { reason?: string | null } | null | undefined;
  if (override?.reason?.trim()) return values;
  const { complianceOverride: _dropped, ...rest } = values;
  return rest;
}
