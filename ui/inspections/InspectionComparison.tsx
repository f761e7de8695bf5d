import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  type ClaimedDamageDto,
  type InspectionState,
  type PanelComparison,
  INSPECTION_STATE_LABELS,
  comparePanels,
  inspectionState,
  newDamages,
  photosOfDamage,
  pointText,
  vehiclePhotos,
} from '../../schema/inspectionComparison';
import { claims } from '../../schema/resources/claims';
import type { DamageInput, InspectionPhotoDto, InspectionStage } from '../../schema/vehicleInspections';
import { countText, usDateTime } from '../format';
import type { StaffInspection } from './api';
import { PhotoStrip, photoViewText } from './InspectionPhotos';
import { OpenClaimButton } from './OpenClaimButton';
import { VehicleOutline } from './VehicleOutline';

/** A date and time whose hour stays whole when the line breaks ("9:42 PM" never split). */
export const unbroken = (text: string) => text.replace(/ (AM|PM)/g, '\u00a0$1');

type Damage = DamageInput & { text: string; isNew?: boolean };
const STATE_COLOURS: Record<InspectionState, 'default' | 'warning' | 'success'> = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
};
const STAGE_WORDS: Record<InspectionStage, string> = { PICKUP: 'At pickup', DELIVERY: 'At delivery' };

/** Who signed, in words: the signer, or why the driver signed alone; "subject to inspection" when the dealer said so. */
export function signedText(
  inspection: Pick<StaffInspection, 'signerName' | 'customerNotAvailable' | 'subjectToInspection'>,
) {
  const who = inspection.customerNotAvailable ? 'Customer not available' : `Signed by ${inspection.signerName ?? '—'}`;
  return inspection.subjectToInspection ? `${who} · Subject to inspection` : who;
}

/**
 * Where one stage's inspection of a vehicle stands, in a line or two: not started, in progress, or completed when and
 * by which driver; who signed; how many photos and damages. `driverName` is the order's driver, said when the
 * inspection does not name its own.
 */
export function StageSummary({
  stage,
  inspection,
  driverName,
  newCount,
}: {
  stage: InspectionStage;
  inspection: StaffInspection | undefined;
  driverName?: string | null;
  newCount?: number;
}) {
  const state = inspectionState(inspection);
  const driver = inspection?.driverName ?? driverName;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 0.5 }}>
        <Typography variant="subtitle2" component="h4">
          {STAGE_WORDS[stage]}
        </Typography>
        <Chip size="small" color={STATE_COLOURS[state]} variant="outlined" label={INSPECTION_STATE_LABELS[state]} />
      </Box>
      {inspection && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {inspection.completedAt ? `Completed ${unbroken(usDateTime(inspection.completedAt))}` : 'Not signed yet'}
          {driver ? ` by ${driver}` : ''}
          {inspection.completedAt && (
            <>
              <br />
              {signedText(inspection)}
            </>
          )}
          <br />
          {countText(vehiclePhotos(inspection.photos).length, 'photo')} ·{' '}
          {countText(inspection.damages.length, 'damage')}
          {newCount ? (
            <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
              {' '}
              · {newCount} new since pickup
            </Box>
          ) : null}
        </Typography>
      )}
    </Box>
  );
}

interface SideProps {
  orderId: number;
  vin: string;
  stage: InspectionStage;
  inspection: StaffInspection | undefined;
  panel: PanelComparison<Damage, InspectionPhotoDto>;
  numbers: Map<string, number>;
  claimed: ReadonlyMap<string, ClaimedDamageDto>;
  claim?: { damages: Damage[]; canOpen: boolean };
}

/** One side of a panel: the view with its marks, the damages with their photos, the panel's other photos. */
function PanelSide({ orderId, vin, stage, inspection, panel, numbers, claimed, claim }: SideProps) {
  const side = stage === 'PICKUP' ? panel.pickup : panel.delivery;
  const damages = side.damages as Damage[];
  const stageWord = stage === 'PICKUP' ? 'Pickup' : 'Delivery';
  if (!inspection)
    return (
      <Typography variant="body2" color="text.secondary">
        Not inspected
      </Typography>
    );
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      {panel.panel !== 'OTHER' && damages.length > 0 && (
        <VehicleOutline
          view={panel.panel}
          label={`${panel.label} view at ${stageWord.toLowerCase()}, ${countText(damages.length, 'damage')} marked`}
          marks={damages.map((damage) => ({
            number: numbers.get(damage.clientKey)!,
            x: damage.x,
            y: damage.y,
            isNew: damage.isNew,
          }))}
        />
      )}
      {damages.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No damage marked
        </Typography>
      )}
      {damages.map((damage) => {
        const onClaim = stage === 'DELIVERY' ? claimed.get(damage.clientKey) : undefined;
        const photos = photosOfDamage(damage, inspection.photos);
        return (
          <Box
            key={damage.clientKey}
            data-new-damage={damage.isNew ? 'true' : undefined}
            sx={{
              borderLeft: 4,
              borderColor: damage.isNew ? 'error.main' : 'divider',
              bgcolor: damage.isNew ? 'rgba(211, 47, 47, 0.06)' : undefined,
              borderRadius: 1,
              pl: 1,
              py: 0.5,
              minWidth: 0,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {numbers.get(damage.clientKey)}. {damage.text}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {pointText(damage)}
              {damage.note ? ` · “${damage.note}”` : ''}
            </Typography>
            {(damage.isNew || onClaim) && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, my: 0.5 }}>
                {damage.isNew && <Chip size="small" color="error" label="New at delivery" />}
                {onClaim ? (
                  <Link component={RouterLink} to={`/app/${claims.name}/${onClaim.claimId}/edit`} variant="body2">
                    On claim{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {onClaim.claimNumber}
                    </Box>
                    {onClaim.deleted ? ' (deleted)' : ''}
                  </Link>
                ) : (
                  damage.isNew &&
                  claim?.canOpen && (
                    <OpenClaimButton orderId={orderId} vin={vin} damages={claim.damages} chosen={damage.clientKey} />
                  )
                )}
              </Box>
            )}
            <PhotoStrip
              orderId={orderId}
              photos={photos}
              size={56}
              label={(_photo, index) => `${stageWord} photo ${index + 1} of ${damage.text} (${vin})`}
            />
          </Box>
        );
      })}
      {side.photos.length > 0 && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {damages.length ? 'Other photos' : countText(side.photos.length, 'photo')}
          </Typography>
          <PhotoStrip
            orderId={orderId}
            photos={side.photos}
            size={56}
            label={(photo) => `${stageWord} photo: ${photoViewText(photo)} (${vin})`}
          />
        </Box>
      )}
    </Stack>
  );
}

export interface InspectionComparisonProps {
  orderId: number;
  vin: string;
  pickup: StaffInspection | undefined;
  delivery: StaffInspection | undefined;
  /** The order's driver: said as the inspecting driver when an inspection does not name its own. */
  driverName?: string | null;
  /** The order's damages already on claims (who reads claims; empty otherwise). */
  claimed?: readonly ClaimedDamageDto[];
  /** Whether the user may open a claim (Create on the claims tracker). */
  canOpenClaim?: boolean;
}

/**
 * A vehicle's pickup and delivery inspections side by side (docs/product/vehicle-inspections.md), panel by panel —
 * the five views, then the interior and the rest: the damages marked at pickup | at delivery, numbered and drawn on
 * the view, with their photos. A delivery damage with no pickup damage of the same area and type is new
 * (schema/inspectionComparison.ts) and stands out in red; who may create claims can open one from it, and a damage
 * on a claim already links to it. Panels with nothing on either side are left out.
 */
export function InspectionComparison({
  orderId,
  vin,
  pickup,
  delivery,
  driverName,
  claimed = [],
  canOpenClaim = false,
}: InspectionComparisonProps) {
  const panels = comparePanels(pickup, delivery).filter(
    (panel) =>
      panel.pickup.damages.length ||
      panel.delivery.damages.length ||
      panel.pickup.photos.length ||
      panel.delivery.photos.length,
  );
  const fresh = delivery ? newDamages(pickup?.damages ?? [], delivery.damages) : [];
  const claimedHere = new Map(
    claimed.filter((row) => row.inspectionId === delivery?.id).map((row) => [row.damageClientKey, row]),
  );
  // The list's numbers, per stage in the order the driver marked them: the same on the drawing and in the list.
  const numbers = new Map<string, number>();
  for (const inspection of [pickup, delivery])
    inspection?.damages.forEach((damage, index) => numbers.set(damage.clientKey, index + 1));
  const unclaimed = fresh.filter((damage) => !claimedHere.has(damage.clientKey));
  const claim = {
    damages: unclaimed,
    canOpen: canOpenClaim && !!delivery?.completedAt,
  };
  const columns = {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: { xs: 1, sm: 2 },
  };
  return (
    <Box component="section" aria-label={`Inspections of ${vin} side by side`} sx={{ minWidth: 0 }}>
      <Box sx={{ ...columns, rowGap: 1, mb: 1 }}>
        <StageSummary stage="PICKUP" inspection={pickup} driverName={driverName} />
        <StageSummary stage="DELIVERY" inspection={delivery} driverName={driverName} newCount={fresh.length} />
      </Box>
      {delivery && !pickup && fresh.length > 0 && (
        <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
          No pickup inspection to compare with: every damage found at delivery counts as new.
        </Typography>
      )}
      {delivery && !delivery.completedAt && canOpenClaim && fresh.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A claim can be opened once the delivery inspection is signed.
        </Typography>
      )}
      {claim.canOpen && unclaimed.length > 1 && (
        <Box sx={{ mb: 1 }}>
          <OpenClaimButton
            orderId={orderId}
            vin={vin}
            damages={unclaimed}
            label={`Open a claim from ${unclaimed.length} new damages`}
            icon
          />
        </Box>
      )}
      {!pickup && !delivery ? (
        <Typography variant="body2" color="text.secondary">
          Neither inspection is started.
        </Typography>
      ) : (
        <Stack spacing={1}>
          {panels.map((panel) => (
            <Box
              key={panel.panel}
              component="section"
              aria-label={`${panel.label}: at pickup and at delivery`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 1.5 }, minWidth: 0 }}
            >
              <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
                {panel.label}
              </Typography>
              <Box sx={columns}>
                {(['PICKUP', 'DELIVERY'] as const).map((stage) => (
                  <Box
                    key={stage}
                    sx={
                      stage === 'DELIVERY'
                        ? { borderLeft: 1, borderColor: 'divider', pl: { xs: 1, sm: 2 }, minWidth: 0 }
                        : { minWidth: 0 }
                    }
                  >
                    <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                      {STAGE_WORDS[stage]}
                    </Typography>
                    <PanelSide
                      orderId={orderId}
                      vin={vin}
                      stage={stage}
                      inspection={stage === 'PICKUP' ? pickup : delivery}
                      panel={panel}
                      numbers={numbers}
                      claimed={claimedHere}
                      claim={stage === 'DELIVERY' ? claim : undefined}
                    />
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
