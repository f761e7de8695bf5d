import {
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import {
  DAMAGE_AREAS,
  DAMAGE_SEVERITIES,
  DAMAGE_TYPES,
  type DamageInput,
  VEHICLE_VIEWS,
} from '../../../schema/vehicleInspections';
import { ResponsiveDialog } from '../../../ui/ResponsiveDialog';
import { PhotoInput } from './PhotoInput';
import { it } from './words';

type Draft = Omit<DamageInput, 'note'> & { note: string };

/**
 * One damage: where (the view and the area), what and how bad, by our own code table (schema/vehicleInspections.ts),
 * a note and its photos. Photos taken here are kept on the phone at once and counted for this damage.
 */
export function DamageDialog({
  damage,
  onSave,
  onClose,
  onPhotos,
}: {
  damage: DamageInput;
  onSave: (damage: DamageInput) => void;
  onClose: () => void;
  /** Keeps the files as photos of the view; answers their client keys. */
  onPhotos: (files: File[], view: DamageInput['view']) => Promise<string[]>;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Draft>({ ...damage, note: damage.note ?? '' });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const select = (field: 'view' | 'area' | 'kind' | 'severity', label: string, options: [string, string][]) => (
    <TextField
      select
      label={label}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value as never)}
      fullWidth
    >
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value} sx={{ minHeight: 44 }}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const codes = (table: Record<string, string>) =>
    Object.entries(table).map(([code, words]) => [code, `${code} · ${words}`] as [string, string]);
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="damage-dialog-title">
      <DialogTitle id="damage-dialog-title">{translate(it('damage_dialog'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {select(
            'view',
            translate(it('damage_view')),
            VEHICLE_VIEWS.map((view) => [view, translate(it(`views.${view}`))]),
          )}
          {select('area', translate(it('damage_area')), codes(DAMAGE_AREAS))}
          {select('kind', translate(it('damage_kind')), codes(DAMAGE_TYPES))}
          {select('severity', translate(it('damage_severity')), codes(DAMAGE_SEVERITIES))}
          <TextField
            label={translate(it('damage_note'))}
            value={draft.note}
            onChange={(event) => set('note', event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            multiline
          />
          <PhotoInput
            label={translate(it('damage_photo'))}
            variant="outlined"
            testId="damage-photo-input"
            onPhotos={(files) =>
              void onPhotos(files, draft.view).then((keys) =>
                setDraft((current) => ({ ...current, photoKeys: [...current.photoKeys, ...keys] })),
              )
            }
          />
          <Typography variant="body2" data-testid="damage-photo-count">
            {translate(it('damage_photos'), { smart_count: draft.photoKeys.length })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {translate(it('cancel'))}
        </Button>
        <Button
          variant="contained"
          sx={{ minHeight: 44 }}
          onClick={() => onSave({ ...draft, note: draft.note.trim() || undefined })}
        >
          {translate(it('save_damage'))}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
