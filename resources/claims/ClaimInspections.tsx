import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { useWatch } from 'react-hook-form';
import type { ClaimDto } from '../../schema/resources/claims';
import { VehicleInspections } from '../../ui/inspections/VehicleInspections';
import { useClaimOrder } from './orders';

/**
 * The inspections at pickup and delivery beside a claim's damaged vehicles (docs/product/claims.md): on a new claim,
 * every vehicle of the order chosen — where the claims team, who read orders but do not edit them, finds the damages
 * new at delivery and opens a claim from them —; on a saved claim, each of its vehicles, side by side with their
 * photos.
 */
export function ClaimInspections() {
  const record = useRecordContext<ClaimDto>();
  // A new claim's form may hold a record of defaults: only a saved claim has its vehicles.
  const claim = record?.id ? record : undefined;
  const orderId = useWatch({ name: 'bookOrderId' }) as number | null | undefined;
  const { data: order } = useClaimOrder(orderId, claim?.orderNumber);
  if (!orderId || (!claim && !order)) return null;
  const vehicles = claim
    ? claim.vins.map((vin) => order?.vehicles.find((v) => v.vin === vin) ?? { vin })
    : (order?.vehicles ?? []);
  return (
    <Box
      component="section"
      aria-labelledby="claim-inspections-title"
      sx={{ gridColumn: '1 / -1', width: '100%', mt: 2, minWidth: 0 }}
    >
      <Typography id="claim-inspections-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {claim ? 'Inspections at pickup and delivery' : `Inspections of order ${order!.orderNumber}`}
      </Typography>
      {vehicles.length ? (
        <VehicleInspections
          orderId={orderId}
          vehicles={vehicles}
          driverName={order?.driverName}
          expanded={claim ? true : undefined}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Add the damaged vehicles and save: their inspections show here.
        </Typography>
      )}
    </Box>
  );
}
