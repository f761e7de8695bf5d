import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { PhonePhoto } from './phoneStore';
import { it } from './words';

const PHOTO_VIEWS: PhonePhoto['view'][] = ['FRONT', 'LEFT', 'REAR', 'RIGHT', 'TOP', 'ODOMETER', 'VIN', 'OTHER'];

/** The view the next photo is of: it walks around the car (front, driver side, rear, passenger side …). */
export function usePhotoView() {
  return useState<PhonePhoto['view']>('FRONT');
}

export function PhotoViewPicker({
  value,
  onChange,
}: {
  value: PhonePhoto['view'];
  onChange: (view: PhonePhoto['view']) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate(it('photo_view'))}
      value={value}
      onChange={(event) => onChange(event.target.value as PhonePhoto['view'])}
      sx={{ minWidth: 200, flex: 1 }}
    >
      {PHOTO_VIEWS.map((view) => (
        <MenuItem key={view} value={view} sx={{ minHeight: 44 }}>
          {translate(it(`views.${view}`))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** After a photo of one view, the next view round the car. */
export const nextView = (view: PhonePhoto['view']): PhonePhoto['view'] =>
  PHOTO_VIEWS[Math.min(PHOTO_VIEWS.indexOf(view) + 1, PHOTO_VIEWS.length - 1)];
