import './messages';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { TRACKING_DAYS, type TrackingSettingsDto, trackingSettingsBody } from '../../schema/tracking';

const PATH = '/api/Company/tracking';
const KEY = ['company-tracking'];
const w = (key: string) => `haulboard.access.tracking.${key}`;

/**
 * How many days an order's tracking links keep working after its delivery (GET/PUT /api/Company/tracking,
 * docs/product/tracking.md#links). Everyone reads it here; administrators change it (the server refuses others).
 */
export function TrackingRules() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: async () => unwrap<TrackingSettingsDto>(await apiFetch(PATH)) });
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: async (daysAfterDelivery: number) =>
      unwrap<TrackingSettingsDto>(await apiFetch(PATH, { method: 'PUT', body: { daysAfterDelivery } })),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      setDraft(null);
      setRefusal('');
      notify(w('saved'), { type: 'success' });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });
  if (!data) return null;
  const text = draft ?? String(data.daysAfterDelivery);
  // The server's rule, as typed: a whole number in the range, else what to change under the field.
  const checked = /^\s*\d+\s*$/.test(text) ? trackingSettingsBody.safeParse({ daysAfterDelivery: Number(text) }) : null;
  const problem = !checked ? translate(w('whole')) : checked.success ? '' : (checked.error.issues[0]?.message ?? '');
  const changed = !!checked?.success && checked.data.daysAfterDelivery !== data.daysAfterDelivery;
  return (
    <Box component="section" aria-labelledby="company-tracking" sx={{ display: 'grid', gap: 2, maxWidth: 720, mt: 4 }}>
      <Typography id="company-tracking" variant="h6" component="h2">
        {translate(w('title'))}
      </Typography>
      <Typography color="text.secondary">{translate(w('intro'))}</Typography>
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
          {refusal}
        </Alert>
      )}
      <TextField
        label={translate(w('days'))}
        value={text}
        disabled={!data.canChange || save.isPending}
        onChange={(event) => setDraft(event.target.value)}
        error={!!problem}
        helperText={problem || translate(w('days_help'), { min: TRACKING_DAYS.min, max: TRACKING_DAYS.max })}
        slotProps={{ htmlInput: { inputMode: 'numeric', min: TRACKING_DAYS.min, max: TRACKING_DAYS.max } }}
        sx={{ maxWidth: 360 }}
      />
      {data.canChange ? (
        <Box>
          <Button
            variant="contained"
            disabled={!changed || save.isPending}
            onClick={() => checked?.success && save.mutate(checked.data.daysAfterDelivery)}
          >
            {translate('haulboard.access.company.save')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2">{translate('haulboard.access.company.only_administrators')}</Typography>
      )}
    </Box>
  );
}
