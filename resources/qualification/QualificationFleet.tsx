import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { QUALIFICATION_STATES, type QualificationRowDto, type QualificationState } from '../../schema/qualification';
import { usDate } from '../../ui/format';
import { QUALIFICATION_ROUTE, fetchFleet, saveSettings } from '../../ui/qualification/api';
import { StateChip } from '../../ui/qualification/QualificationFile';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';

/** One driver: the state of their file, what is missing, what falls due; the whole card opens the file. */
function DriverRow({ row }: { row: QualificationRowDto }) {
  const t = useTranslate();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={`${QUALIFICATION_ROUTE}/${row.driverId}`}>
        <CardContent
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'minmax(10rem, 1fr) 11rem minmax(12rem, 2fr) minmax(12rem, 2fr) 7rem',
            },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{row.driverName}</Typography>
            <Box sx={{ display: { md: 'none' } }}>
              <StateChip state={row.state} />
            </Box>
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <StateChip state={row.state} />
          </Box>
          <Typography variant="body2" color={row.missing.length ? 'error.main' : 'text.secondary'}>
            <Box component="span" sx={{ display: { md: 'none' } }}>
              {t('haulboard.qualification.missing')}:{' '}
            </Box>
            {row.missing.join(', ') || t('haulboard.qualification.none')}
          </Typography>
          <Typography variant="body2" color={row.due.length ? 'warning.main' : 'text.secondary'}>
            <Box component="span" sx={{ display: { md: 'none' } }}>
              {t('haulboard.qualification.due')}:{' '}
            </Box>
            {row.due.map((d) => `${d.item} ${usDate(d.dueOn)}`).join(', ') || t('haulboard.qualification.none')}
          </Typography>
          <Typography variant="body2">
            <Box component="span" sx={{ display: { md: 'none' } }}>
              {t('haulboard.qualification.next_due')}:{' '}
            </Box>
            {usDate(row.nextDueOn) || '—'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * Every driver still employed with the state of their qualification file (docs/product/driver-qualification.md#fleet),
 * by state and name; the worst first is the default (missing).
 */
export default function QualificationFleet() {
  const t = useTranslate();
  const [state, setState] = useState<QualificationState | ''>('missing');
  const [search, setSearch] = useState('');
  const { data, error } = useQuery({
    queryKey: ['qualification', 'fleet', state, search],
    queryFn: () => fetchFleet(state, search.trim()),
    placeholderData: keepPreviousData,
  });
  const canUpdate = useHoldsFeature(QUALIFICATION_ROUTE, 'Update');
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The company's choice (docs/product/driver-qualification.md#checklist): every file then has the Clearinghouse query.
  const setClearinghouse = (required: boolean) =>
    saveSettings(required)
      .then(() => queryClient.invalidateQueries({ queryKey: ['qualification'] }))
      .catch((failure: Error) => notify(failure.message, { type: 'error' }));
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0, maxWidth: 1400 }}>
      <Title title="haulboard.qualification.title" />
      <Typography color="text.secondary">{t('haulboard.qualification.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('haulboard.qualification.show')}
          value={state}
          onChange={(event) => setState(event.target.value as QualificationState | '')}
          sx={{ minWidth: 220 }}
        >
          {QUALIFICATION_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`haulboard.qualification.states.${s}`)}
            </MenuItem>
          ))}
          <MenuItem value="">{t('haulboard.qualification.all')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          label={t('haulboard.qualification.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {canUpdate && data ? (
          <FormControlLabel
            control={
              <Switch
                checked={data.clearinghouseRequired}
                onChange={(event) => void setClearinghouse(event.target.checked)}
              />
            }
            label={t('haulboard.qualification.clearinghouse')}
          />
        ) : null}
      </Box>
      <Box
        sx={{
          display: { xs: 'none', md: 'grid' },
          gridTemplateColumns: 'minmax(10rem, 1fr) 11rem minmax(12rem, 2fr) minmax(12rem, 2fr) 7rem',
          gap: 1,
          px: 2,
          typography: 'caption',
          color: 'text.secondary',
        }}
      >
        <span>{t('haulboard.qualification.driver')}</span>
        <span>{t('haulboard.qualification.state')}</span>
        <span>{t('haulboard.qualification.missing')}</span>
        <span>{t('haulboard.qualification.due')}</span>
        <span>{t('haulboard.qualification.next_due')}</span>
      </Box>
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
      {data ? (
        data.items.length ? (
          data.items.map((row) => <DriverRow key={row.driverId} row={row} />)
        ) : (
          <Typography color="text.secondary">{t('haulboard.qualification.empty')}</Typography>
        )
      ) : error ? null : (
        <Skeleton variant="rounded" height={240} />
      )}
    </Box>
  );
}
