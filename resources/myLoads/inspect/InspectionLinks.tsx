import FactCheck from '@mui/icons-material/FactCheck';
import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, unwrap } from '../../../dataProvider/http';
import { getUser } from '../../../dataProvider/session';
import type { MyLoad, MyLoadVehicle } from '../../../schema/myLoads';
import {
  INSPECTION_STAGES,
  INSPECTION_STAGE_LABELS,
  type InspectionDto,
  type InspectionStage,
} from '../../../schema/vehicleInspections';
import { usDateTime } from '../../../ui/format';
import { myLoadsResource } from '../api';
import { t } from '../parts';
import { inspectionKey, userInspections } from './phoneStore';
import { startSync, useSyncState } from './sync';

type State = { state: 'none' | 'phone' | 'sent' | 'signed' | 'done'; when?: string };

/** Where each vehicle's inspections stand: the office's answer, and what waits on this phone. */
function useInspectionStates(load: MyLoad) {
  const user = getUser();
  const { lastSentAt, waiting } = useSyncState();
  const server = useQuery({
    queryKey: ['my-loads', String(load.id), 'inspections', lastSentAt],
    queryFn: async () => unwrap<InspectionDto[]>(await apiFetch(`/api/MyLoads/${load.id}/inspections`)),
    retry: false,
  });
  const phone = useQuery({
    queryKey: ['my-loads', String(load.id), 'phone-inspections', waiting],
    queryFn: async () => (user ? (await userInspections(user.id)).filter((one) => one.orderId === load.id) : []),
    networkMode: 'always',
  });
  return (stage: InspectionStage, vin: string): State => {
    const onServer = server.data?.find((one) => one.stage === stage && one.vin.toUpperCase() === vin.toUpperCase());
    if (onServer?.completedAt) return { state: 'done', when: onServer.completedAt };
    const key = user ? inspectionKey(user.id, load.id, stage, vin) : '';
    const onPhone = phone.data?.find((one) => one.key === key);
    if (onPhone?.completedAt) return { state: 'done', when: onPhone.completedAt };
    if (onPhone?.completion) return { state: 'signed' };
    if (onServer) return { state: 'sent' };
    return onPhone ? { state: 'phone' } : { state: 'none' };
  };
}

/** A vehicle's two inspections, each a button to it with where it stands. */
export function InspectionLinks({ load, vehicle }: { load: MyLoad; vehicle: MyLoadVehicle }) {
  const translate = useTranslate();
  const stateOf = useInspectionStates(load);
  // What waits on this phone from an earlier visit goes as soon as there is a network.
  useEffect(startSync, []);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {INSPECTION_STAGES.map((stage) => {
        const { state, when } = stateOf(stage, vehicle.vin);
        const label = translate(t('inspect_at'), { stage: INSPECTION_STAGE_LABELS[stage].toLowerCase() });
        return (
          <Button
            key={stage}
            component={RouterLink}
            to={`${myLoadsResource.path}/${load.id}/inspect/${stage}/${encodeURIComponent(vehicle.vin)}`}
            variant={state === 'done' ? 'outlined' : 'contained'}
            startIcon={<FactCheck />}
            sx={{ minHeight: 48, flexDirection: 'column', alignItems: 'flex-start', textTransform: 'none' }}
            data-testid={`inspect-${stage}-${vehicle.vin}`}
          >
            <span>{label}</span>
            <Typography component="span" variant="caption" data-state={state}>
              {translate(t(`inspection_state.${state}`), { when: when ? usDateTime(when) : '' })}
            </Typography>
          </Button>
        );
      })}
    </Box>
  );
}
