import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Chip, Skeleton, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  INSPECTION_STATE_LABELS,
  inspectionOf,
  inspectionState,
  newDamages,
  stageProgress,
} from '../../schema/inspectionComparison';
import { claims } from '../../schema/resources/claims';
import type { InspectionStage } from '../../schema/vehicleInspections';
import { usDateTime } from '../format';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { type StaffInspection, useClaimedDamages, useOrderInspections } from './api';
import { InspectionComparison, unbroken } from './InspectionComparison';

export interface InspectedVehicle {
  vin: string;
  year?: number | null;
  make?: string | null;
  model?: string | null;
}

const vehicleName = (vehicle: InspectedVehicle) =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');

function stageLine(stage: InspectionStage, inspection: StaffInspection | undefined) {
  const state = inspectionState(inspection);
  const word = stage === 'PICKUP' ? 'Pickup' : 'Delivery';
  return state === 'COMPLETED'
    ? `${word}: completed ${unbroken(usDateTime(inspection!.completedAt))}`
    : `${word}: ${INSPECTION_STATE_LABELS[state].toLowerCase()}`;
}

/**
 * The inspections of some of an order's vehicles, each vehicle's pickup and delivery side by side
 * (InspectionComparison) under a line that says where both stand and how many damages are new. `progress` adds the
 * order's lines ("Pickup: 1 of 2 vehicles inspected"). Used on the order's screen (every vehicle) and on a claim's
 * (its vehicles).
 */
export function VehicleInspections({
  orderId,
  vehicles,
  driverName,
  progress = false,
  expanded: expandedAtFirst,
  beforeVehicles,
}: {
  orderId: number;
  vehicles: readonly InspectedVehicle[];
  driverName?: string | null;
  progress?: boolean;
  /** Whether the vehicles start open (default: when there are at most two). */
  expanded?: boolean;
  /** What goes between the progress and the vehicles, from the order's inspections (the bills of lading). */
  beforeVehicles?: (inspections: readonly StaffInspection[]) => ReactNode;
}) {
  const { data: inspections, isPending, error } = useOrderInspections(orderId);
  const readsClaims = useCanAccessFeature(claims.name, 'Read');
  const canOpenClaim = useCanAccessFeature(claims.name, 'Create');
  const { data: claimed } = useClaimedDamages(orderId, readsClaims);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const startOpen = expandedAtFirst ?? vehicles.length <= 2;
  if (error) return <Alert severity="error">The inspections could not be loaded: {(error as Error).message}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={96} aria-label="Loading the inspections" />;
  const vins = vehicles.map((vehicle) => vehicle.vin);
  return (
    <Box sx={{ minWidth: 0 }}>
      {progress && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          {(['PICKUP', 'DELIVERY'] as const).map((stage) => {
            const line = stageProgress(vins, inspections, stage);
            return (
              <Chip
                key={stage}
                label={line.text}
                color={line.total && line.done === line.total ? 'success' : 'default'}
                variant="outlined"
              />
            );
          })}
        </Box>
      )}
      {beforeVehicles?.(inspections)}
      {!vehicles.length && (
        <Typography variant="body2" color="text.secondary">
          No vehicle to inspect.
        </Typography>
      )}
      {vehicles.map((vehicle) => {
        const pickup = inspectionOf(inspections, vehicle.vin, 'PICKUP');
        const delivery = inspectionOf(inspections, vehicle.vin, 'DELIVERY');
        const fresh = delivery ? newDamages(pickup?.damages ?? [], delivery.damages).length : 0;
        const expanded = open[vehicle.vin] ?? startOpen;
        const name = vehicleName(vehicle);
        return (
          <Accordion
            key={vehicle.vin}
            disableGutters
            variant="outlined"
            expanded={expanded}
            onChange={(_event, now) => setOpen((was) => ({ ...was, [vehicle.vin]: now }))}
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:not(:last-of-type)': { mb: 1 }, '&::before': { display: 'none' }, minWidth: 0 }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
            >
              <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
                {/* The summary is inside the accordion's own heading (an h3) and its button: spans only. */}
                <Typography variant="subtitle1" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {vehicle.vin}
                  {name && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      · {name}
                    </Typography>
                  )}
                </Typography>
                <Typography
                  variant="body2"
                  component="span"
                  color="text.secondary"
                  sx={{ display: 'block', overflowWrap: 'anywhere' }}
                >
                  {stageLine('PICKUP', pickup)} · {stageLine('DELIVERY', delivery)}
                  {fresh > 0 && (
                    <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                      {' '}
                      · {fresh === 1 ? '1 new damage' : `${fresh} new damages`}
                    </Box>
                  )}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
              <InspectionComparison
                orderId={orderId}
                vin={vehicle.vin}
                pickup={pickup}
                delivery={delivery}
                driverName={driverName}
                claimed={claimed ?? []}
                canOpenClaim={canOpenClaim}
              />
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
