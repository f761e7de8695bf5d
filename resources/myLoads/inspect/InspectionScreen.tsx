import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { MyLoad } from '../../../schema/myLoads';
import {
  INSPECTION_STAGES,
  INSPECTION_STAGE_LABELS,
  INSPECTION_TYPES,
  INSPECTION_TYPE_LABELS,
  type InspectionStage,
} from '../../../schema/vehicleInspections';
import { LoadProblem } from '../../../ui/LoadProblem';
import { myLoadQuery, myLoadsResource } from '../api';
import type { PhonePhoto } from './phoneStore';
import { t } from '../parts';
import { DamageSection } from './DamageSection';
import { DetailsSection } from './DetailsSection';
import { PhotoGrid } from './PhotoGrid';
import { PhotoInput } from './PhotoInput';
import { Section } from './Section';
import { SignSection } from './SignSection';
import { SyncBanner } from './SyncBanner';
import { VinSection } from './VinSection';
import { currentPosition, keepPhotos } from './takePhotos';
import { usePhoneInspection } from './usePhoneInspection';
import { it } from './words';
import { PhotoViewPicker, nextView, usePhotoView } from './PhotoViewPicker';

/** 'at least 6 photos, your position, the odometer': what the load's inspection type asks, in words. */
function useRules(type: MyLoad['inspectionType']) {
  const translate = useTranslate();
  const rule = INSPECTION_TYPES[type];
  const rules = [
    rule.minPhotos && translate(it('rule_photos'), { smart_count: rule.minPhotos }),
    rule.position && translate(it('rule_position')),
    rule.odometer && translate(it('rule_odometer')),
    rule.photosPerDamage && translate(it('rule_damage_photos'), { smart_count: rule.photosPerDamage }),
  ].filter(Boolean);
  return rules.length ? rules.join(', ') : translate(it('rule_none'));
}

function Inspection({ load, stage, vin }: { load: MyLoad; stage: InspectionStage; vin: string }) {
  const translate = useTranslate();
  const vehicle = load.vehicles.find((one) => one.vin.toUpperCase() === vin.toUpperCase())!;
  const phone = usePhoneInspection(load.id, stage, vehicle.vin);
  const [view, setView] = usePhotoView();
  const rules = useRules(load.inspectionType);
  const { inspection, photos } = phone;
  if (!inspection) return <Skeleton variant="rounded" height={320} aria-label={translate(t('loading'))} />;
  const locked = !!inspection.completion || !!inspection.completedAt;
  const takePhotos = async (files: File[], photoView: PhonePhoto['view']) => {
    const kept = await keepPhotos(files, phone.key, photoView, inspection.position ?? (await currentPosition()));
    await phone.photosChanged();
    return kept.map((photo) => photo.clientKey);
  };
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {translate(it('title'), { stage: INSPECTION_STAGE_LABELS[stage] })} · {vehicle.year} {vehicle.make}{' '}
          {vehicle.model}
        </Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
          {vehicle.vin}
        </Typography>
        <Typography variant="body2">
          <strong>{translate(it('type'), { type: INSPECTION_TYPE_LABELS[load.inspectionType] })}</strong>.{' '}
          {translate(it('type_rules'), { rules })}
        </Typography>
      </Box>
      <SyncBanner />
      {inspection.problem && (
        <Alert severity="error" role="alert">
          {translate(it('problem'), { message: inspection.problem })}
        </Alert>
      )}
      <VinSection inspection={inspection} vin={vehicle.vin} locked={locked} change={phone.change} />
      <Section id="inspection-photos" title={translate(it('photos_title'))}>
        <Stack spacing={1.5}>
          <Typography variant="body2" data-testid="photo-count">
            {translate(it('photos_count'), { smart_count: photos.length })}
          </Typography>
          {!locked && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <PhotoViewPicker value={view} onChange={setView} />
              <PhotoInput
                label={translate(it('take_photo'))}
                testId="photo-input"
                onPhotos={(files) =>
                  // The next photo is most likely of the next view round the car.
                  void takePhotos(files, view).then(() => setView(nextView(view)))
                }
              />
            </Box>
          )}
          <PhotoGrid photos={photos} onRemove={locked ? undefined : (photo) => void phone.removePhoto(photo)} />
        </Stack>
      </Section>
      <DamageSection inspection={inspection} locked={locked} change={phone.change} takePhotos={takePhotos} />
      <DetailsSection inspection={inspection} locked={locked} change={phone.change} />
      <SignSection
        inspection={inspection}
        type={load.inspectionType}
        photos={photos}
        serverPhotos={phone.serverPhotos}
        change={phone.change}
      />
    </Stack>
  );
}

/**
 * A vehicle's inspection at pickup or delivery on the driver's phone (/app/my-loads/{id}/inspect/{stage}/{vin};
 * docs/product/vehicle-inspections.md): VIN, photos, damage on the drawing, odometer, keys and loose items, the
 * position, the signature. Everything is kept on the phone as it is made and sent when there is a network.
 */
export default function InspectionScreen() {
  const translate = useTranslate();
  const { id = '', stage = '', vin = '' } = useParams();
  const { data, isPending, error } = useQuery({
    ...myLoadQuery(id),
    retry: false,
    networkMode: 'always',
    refetchOnReconnect: 'always',
  });
  const knownStage = (INSPECTION_STAGES as readonly string[]).includes(stage) ? (stage as InspectionStage) : null;
  const onLoad = data?.vehicles.some((vehicle) => vehicle.vin.toUpperCase() === vin.toUpperCase());
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 860 }}>
      <Title title={data ? translate(t('load_title'), { number: data.orderNumber }) : translate(t('title'))} />
      <Button
        component={RouterLink}
        to={`${myLoadsResource.path}/${encodeURIComponent(id)}`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1.5, minHeight: 44 }}
      >
        {data ? translate(t('load_title'), { number: data.orderNumber }) : translate(t('back'))}
      </Button>
      {data?.fromPhone && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {translate(it('offline_load'))}
        </Alert>
      )}
      {(error as { status?: number } | null)?.status === 404 ? (
        <Alert severity="warning">{translate(t('not_found'))}</Alert>
      ) : error ? (
        <LoadProblem />
      ) : isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={translate(t('loading'))} />
      ) : !knownStage || !onLoad ? (
        <Alert severity="warning">{translate(it('not_on_load'))}</Alert>
      ) : (
        <Inspection load={data} stage={knownStage} vin={vin} />
      )}
    </Box>
  );
}
