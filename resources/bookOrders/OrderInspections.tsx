import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { stageProgress } from '../../schema/inspectionComparison';
import { type InspectedVehicle, VehicleInspections } from '../../ui/inspections/VehicleInspections';
import { BolActions } from './BolActions';

interface OrderRecord {
  id: number;
  driverName?: string | null;
  vehicles?: InspectedVehicle[];
}

/**
 * The order's inspections (docs/product/vehicle-inspections.md#inspections-for-staff): how many of its vehicles are
 * inspected at pickup and at delivery, each stop's bill of lading (BolActions), then each vehicle's two inspections
 * side by side, with their photos and the damages new at delivery (from which a claim is opened).
 */
export function OrderInspections() {
  const order = useRecordContext<OrderRecord>();
  if (!order) return null;
  const vehicles = order.vehicles ?? [];
  const vins = vehicles.map((vehicle) => vehicle.vin);
  return (
    <Box
      component="section"
      aria-labelledby="order-inspections-title"
      // The section sits inside the order's form: a form of one of its dialogs (portalled, but still inside it for
      // React's events) must not submit the order.
      onSubmit={(event) => event.stopPropagation()}
      sx={{ width: '100%', mb: 2, minWidth: 0 }}
    >
      <Typography id="order-inspections-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Inspections
      </Typography>
      <VehicleInspections
        orderId={order.id}
        vehicles={vehicles}
        driverName={order.driverName}
        progress
        beforeVehicles={(inspections) => (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
              mb: 2,
            }}
          >
            {(['PICKUP', 'DELIVERY'] as const).map((stage) => {
              const { done, total } = stageProgress(vins, inspections, stage);
              return (
                // A long address in a link's line may break: on a phone it would push the Revoke button out of view.
                <Box key={stage} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <BolActions orderId={order.id} stage={stage} completed={total > 0 && done === total} />
                </Box>
              );
            })}
          </Box>
        )}
      />
    </Box>
  );
}
