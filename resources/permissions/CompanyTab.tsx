import './messages';
import { Alert, Autocomplete, Box, Button, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useMemo, useState } from 'react';
import { companyDateTime, currentTime, todayIso, utcOffset } from '../../schema/businessDay';
import { LoadProblem } from '../../ui/LoadProblem';
import { COMPANY_SETTINGS_KEY, saveCompanyTimeZone, useCompanySettings } from '../../ui/companyZone';
import { usDate, usDateTime } from '../../ui/format';
import { InspectionRules } from './InspectionRules';
import { DispatchRules } from './DispatchRules';
import { TrackingRules } from './TrackingRules';

/** Every zone this browser knows, UTC first (it is not in every browser's list). */
function zoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}

/**
 * The company's settings (Access Settings → Company): its time zone, which decides every business date — the day a
 * new order, ticket or payment starts from, the lists' periods, expiries and deadlines — for everyone, wherever their
 * computer is. Everyone who opens the screen reads it; only administrators change it (the server refuses others).
 */
export default function CompanyTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: settings, error } = useCompanySettings();
  const [choice, setChoice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const zones = useMemo(zoneNames, []);
  const labelOf = useMemo(() => {
    const labels = new Map<string, string>();
    return (zone: string) => {
      let label = labels.get(zone);
      if (!label) labels.set(zone, (label = `${zone.replaceAll('_', ' ')} (${utcOffset(zone)})`));
      return label;
    };
  }, []);
  const save = useMutation({
    mutationFn: saveCompanyTimeZone,
    onSuccess: (saved) => {
      setRefusal('');
      setChoice(null);
      queryClient.setQueryData(COMPANY_SETTINGS_KEY, saved);
      notify('haulboard.access.company.saved', {
        type: 'success',
        messageArgs: { zone: saved.timeZone, today: usDate(saved.today) },
      });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });

  if (error) return <LoadProblem message={translate('haulboard.access.company.load_problem')} />;
  if (!settings)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('haulboard.app.loading')}
      </Typography>
    );
  const selected = choice ?? settings.timeZone;
  const changed = selected !== settings.timeZone;

  return (
    <>
      <Box component="section" aria-labelledby="company-time-zone" sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        <Typography id="company-time-zone" variant="h6" component="h2">
          {translate('haulboard.access.company.time_zone')}
        </Typography>
        <Typography color="text.secondary">{translate('haulboard.access.company.intro')}</Typography>
        <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{labelOf(settings.timeZone)}</Typography>
          <Typography variant="body2" data-testid="company-today">
            {translate('haulboard.access.company.today', {
              today: usDate(todayIso(undefined, settings.timeZone)),
              time: companyDateTime(currentTime().toISOString(), settings.timeZone),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {settings.chosen && settings.updatedAt
              ? translate('haulboard.access.company.chosen_by', {
                  name: settings.updatedBy ?? '—',
                  when: usDateTime(settings.updatedAt),
                  fallback: settings.defaultTimeZone,
                })
              : translate('haulboard.access.company.from_installation', { zone: settings.defaultTimeZone })}
          </Typography>
        </Box>
        {refusal && (
          <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
            {refusal}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <Autocomplete
            sx={{ flex: 1, minWidth: 240 }}
            size="small"
            options={zones}
            value={selected}
            disableClearable
            onChange={(_event, zone) => setChoice(zone)}
            getOptionLabel={labelOf}
            disabled={!settings.canChange || save.isPending}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('haulboard.access.company.choose')}
                helperText={
                  settings.canChange
                    ? translate('haulboard.access.company.choose_help')
                    : translate('haulboard.access.company.only_administrators')
                }
              />
            )}
          />
          {settings.canChange && (
            <Button variant="contained" disabled={!changed || save.isPending} onClick={() => save.mutate(selected)}>
              {translate('haulboard.access.company.save')}
            </Button>
          )}
        </Box>
      </Box>
      <InspectionRules />
      <DispatchRules />
      <TrackingRules />
    </>
  );
}
