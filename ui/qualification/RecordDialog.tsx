import { Button, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { type QualificationItemDto, qualificationRecordBody } from '../../schema/qualification';
import { localToday } from '../assignments/dates';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { type FileOf, fileQueryKey, saveRecord } from './api';

type Field = 'doneOn' | 'expiresOn' | 'registryVerifiedOn' | 'notes';

/**
 * Records an item of a driver's file (docs/product/driver-qualification.md#checklist): the day it was done, a medical
 * card's expiry and registry check, notes; checked by the same rules as the server (schema/qualification.ts). The
 * record it replaces is kept; its papers are added on the record once saved.
 */
export function RecordDialog({
  item,
  driverId,
  of,
  onClose,
}: {
  item: QualificationItemDto;
  driverId: number;
  of: FileOf;
  onClose: () => void;
}) {
  const t = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const medical = item.item === 'MEDICAL_CARD';
  const [values, setValues] = useState<Record<Field, string>>({
    doneOn: localToday(),
    expiresOn: '',
    registryVerifiedOn: medical ? localToday() : '',
    notes: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const save = async () => {
    const parsed = qualificationRecordBody.safeParse({
      item: item.item,
      doneOn: values.doneOn,
      ...(medical
        ? { expiresOn: values.expiresOn || null, registryVerifiedOn: values.registryVerifiedOn || null }
        : {}),
      notes: values.notes || null,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'doneOn'), issue.message])),
      );
      return;
    }
    setBusy(true);
    try {
      await saveRecord(driverId, parsed.data);
      await queryClient.invalidateQueries({ queryKey: fileQueryKey(of) });
      notify('haulboard.qualification.saved', { type: 'info' });
      onClose();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const date = (field: Field, label: string) => (
    <TextField
      type="date"
      label={t(label)}
      value={values[field]}
      onChange={set(field)}
      error={!!errors[field]}
      helperText={errors[field]}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
      margin="dense"
    />
  );
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>{item.label}</DialogTitle>
      <DialogContent>
        {date('doneOn', 'haulboard.qualification.done_on')}
        {medical ? date('expiresOn', 'haulboard.qualification.expires_on') : null}
        {medical ? date('registryVerifiedOn', 'haulboard.qualification.registry_on') : null}
        <TextField
          label={t('haulboard.qualification.notes')}
          value={values.notes}
          onChange={set('notes')}
          error={!!errors.notes}
          helperText={errors.notes}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('haulboard.qualification.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {t('haulboard.qualification.save')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
