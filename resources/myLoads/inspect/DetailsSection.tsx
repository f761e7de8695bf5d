import MyLocation from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { PhoneInspection } from './phoneStore';
import { Section } from './Section';
import { currentPosition } from './takePhotos';
import { it } from './words';

type Change = (apply: (current: PhoneInspection) => PhoneInspection) => Promise<PhoneInspection>;

/** A whole number typed, or null when empty; undefined when it is not one (the field says so and keeps it). */
const wholeNumber = (text: string, max: number): number | null | undefined => {
  const clean = text.replace(/[,\s]/g, '');
  if (!clean) return null;
  if (!/^\d+$/.test(clean)) return undefined;
  const value = Number(clean);
  return value <= max ? value : undefined;
};

function NumberField({
  label,
  value,
  max,
  disabled,
  onValue,
}: {
  label: string;
  value: number | null;
  max: number;
  disabled: boolean;
  onValue: (value: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const parsed = wholeNumber(text, max);
  return (
    <TextField
      label={label}
      value={text}
      disabled={disabled}
      error={parsed === undefined}
      helperText={parsed === undefined ? `A whole number up to ${max.toLocaleString('en-US')}` : ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9,]*' } }}
      onChange={(event) => {
        setText(event.target.value);
        const next = wholeNumber(event.target.value, max);
        if (next !== undefined) onValue(next);
      }}
      sx={{ flex: '1 1 160px' }}
    />
  );
}

/** Odometer, keys, loose items, notes and where the phone was. */
export function DetailsSection({
  inspection,
  locked,
  change,
}: {
  inspection: PhoneInspection;
  locked: boolean;
  change: Change;
}) {
  const translate = useTranslate();
  const [denied, setDenied] = useState(false);
  const set = <K extends 'odometer' | 'keys' | 'looseItems' | 'notes'>(field: K, value: PhoneInspection[K]) =>
    void change((current) => ({ ...current, [field]: value }));
  const text = (field: 'looseItems' | 'notes', max: number) => (
    <TextField
      label={translate(it(field === 'looseItems' ? 'loose_items' : 'notes'))}
      defaultValue={inspection[field] ?? ''}
      disabled={locked}
      multiline
      minRows={field === 'notes' ? 2 : 1}
      slotProps={{ htmlInput: { maxLength: max } }}
      onChange={(event) => set(field, event.target.value.trim() ? event.target.value : null)}
    />
  );
  const position = inspection.position;
  return (
    <>
      <Section id="inspection-details" title={translate(it('details_title'))}>
        <Stack spacing={1}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <NumberField
              label={translate(it('odometer'))}
              value={inspection.odometer}
              max={2_000_000}
              disabled={locked}
              onValue={(value) => set('odometer', value)}
            />
            <NumberField
              label={translate(it('keys'))}
              value={inspection.keys}
              max={20}
              disabled={locked}
              onValue={(value) => set('keys', value)}
            />
          </Box>
          {text('looseItems', 500)}
          {text('notes', 2000)}
        </Stack>
      </Section>
      <Section id="inspection-position" title={translate(it('position_title'))}>
        <Stack spacing={1}>
          <Typography data-testid="position">
            {position
              ? translate(it('position_value'), {
                  lat: (position.latitudeE6 / 1e6).toFixed(5),
                  lng: (position.longitudeE6 / 1e6).toFixed(5),
                  meters: position.accuracyMeters,
                })
              : translate(it('position_none'))}
          </Typography>
          {!locked && (
            <Box>
              <Button
                variant="outlined"
                startIcon={<MyLocation />}
                sx={{ minHeight: 44 }}
                onClick={async () => {
                  const where = await currentPosition();
                  setDenied(!where);
                  if (where) void change((current) => ({ ...current, position: where }));
                }}
              >
                {translate(it('position_update'))}
              </Button>
            </Box>
          )}
          {denied && <Alert severity="warning">{translate(it('position_denied'))}</Alert>}
        </Stack>
      </Section>
    </>
  );
}
