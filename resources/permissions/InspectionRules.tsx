import './messages';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { InspectionSettingsBody, InspectionSettingsDto } from '../../schema/company';
import { INSPECTION_TYPE_KEYS } from '../../schema/inspectionTypes';
import { usDateTime } from '../../ui/format';

const PATH = '/api/Company/inspections';
const KEY = ['company-inspections'];
const w = (key: string) => `haulboard.access.inspections.${key}`;

/**
 * The company's inspection rules (GET/PUT /api/Company/inspections, server/modules/company/routes.ts): the type a
 * driver records when the shipper and broker ask for none, and whether Picked up and Delivered wait for the drivers'
 * completed inspections. Everyone reads them here; administrators change them (the server refuses others).
 */
export function InspectionRules() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: async () => unwrap<InspectionSettingsDto>(await apiFetch(PATH)),
  });
  const [draft, setDraft] = useState<InspectionSettingsBody | null>(null);
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: async (body: InspectionSettingsBody) =>
      unwrap<InspectionSettingsDto>(await apiFetch(PATH, { method: 'PUT', body })),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      setDraft(null);
      setRefusal('');
      notify(w('saved'), { type: 'success' });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });
  if (!data) return null;
  const current = draft ?? { inspectionType: data.inspectionType, inspectionRequired: data.inspectionRequired };
  const changed =
    current.inspectionType !== data.inspectionType || current.inspectionRequired !== data.inspectionRequired;
  return (
    <Box
      component="section"
      aria-labelledby="company-inspections"
      sx={{ display: 'grid', gap: 2, maxWidth: 720, mt: 4 }}
    >
      <Typography id="company-inspections" variant="h6" component="h2">
        {translate(w('title'))}
      </Typography>
      <Typography color="text.secondary">{translate(w('intro'))}</Typography>
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
          {refusal}
        </Alert>
      )}
      <TextField
        select
        label={translate(w('type'))}
        value={current.inspectionType}
        disabled={!data.canChange || save.isPending}
        onChange={(event) =>
          setDraft({ ...current, inspectionType: event.target.value as InspectionSettingsBody['inspectionType'] })
        }
      >
        {INSPECTION_TYPE_KEYS.map((type) => (
          <MenuItem key={type} value={type} sx={{ minHeight: 44 }}>
            {translate(w(`types.${type}`))}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={current.inspectionRequired}
            disabled={!data.canChange || save.isPending}
            onChange={(event) => setDraft({ ...current, inspectionRequired: event.target.checked })}
          />
        }
        label={translate(w('required'))}
        sx={{ minHeight: 44 }}
      />
      {data.updatedAt && (
        <Typography variant="body2" color="text.secondary">
          {translate(w('changed_by'), { name: data.updatedBy ?? '—', when: usDateTime(data.updatedAt) })}
        </Typography>
      )}
      {data.canChange ? (
        <Box>
          <Button variant="contained" disabled={!changed || save.isPending} onClick={() => save.mutate(current)}>
            {translate('haulboard.access.company.save')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2">{translate('haulboard.access.company.only_administrators')}</Typography>
      )}
    </Box>
  );
}
