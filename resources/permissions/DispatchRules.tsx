import '../../ui/compliance/messages';
import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { type DispatchRulesDto, REQUIRED_CREDENTIALS, type RequiredCredential } from '../../schema/dispatchRules';
import { usDateTime } from '../../ui/format';

const PATH = '/api/Company/dispatch-rules';
const KEY = ['company-dispatch-rules'];
const w = (key: string) => `haulboard.compliance.rules.${key}`;

/**
 * The credentials a driver must have on file to be dispatched (GET/PUT /api/Company/dispatch-rules,
 * docs/product/compliance.md#dispatch-rules), beside the expiry rule that always applies. Everyone reads them here;
 * administrators change them (the server refuses others).
 */
export function DispatchRules() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: async () => unwrap<DispatchRulesDto>(await apiFetch(PATH)) });
  const [draft, setDraft] = useState<RequiredCredential[] | null>(null);
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: async (required: RequiredCredential[]) =>
      unwrap<DispatchRulesDto>(await apiFetch(PATH, { method: 'PUT', body: { required } })),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      setDraft(null);
      setRefusal('');
      notify(w('saved'), { type: 'success' });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });
  if (!data) return null;
  const current = draft ?? data.required;
  const changed = [...current].sort().join() !== [...data.required].sort().join();
  const toggle = (key: RequiredCredential, on: boolean) =>
    setDraft(on ? [...current, key] : current.filter((item) => item !== key));
  return (
    <Box
      component="section"
      aria-labelledby="company-dispatch-rules"
      sx={{ display: 'grid', gap: 1, maxWidth: 720, mt: 4 }}
    >
      <Typography id="company-dispatch-rules" variant="h6" component="h2">
        {translate(w('title'))}
      </Typography>
      <Typography color="text.secondary">{translate(w('intro'))}</Typography>
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
          {refusal}
        </Alert>
      )}
      {REQUIRED_CREDENTIALS.map((key) => (
        <FormControlLabel
          key={key}
          control={
            <Checkbox
              checked={current.includes(key)}
              disabled={!data.canChange || save.isPending}
              onChange={(event) => toggle(key, event.target.checked)}
            />
          }
          label={translate(w(`credentials.${key}`))}
          sx={{ minHeight: 44 }}
        />
      ))}
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
