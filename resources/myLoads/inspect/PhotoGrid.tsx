import CloudDone from '@mui/icons-material/CloudDone';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Delete from '@mui/icons-material/Delete';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo } from 'react';
import { usDateTime } from '../../../ui/format';
import type { PhonePhoto } from './phoneStore';
import { it } from './words';

/** The photos kept on the phone, from their bytes there, each marked sent or waiting; one not yet sent can be removed. */
export function PhotoGrid({
  photos,
  onRemove,
}: {
  photos: readonly PhonePhoto[];
  onRemove?: (photo: PhonePhoto) => void;
}) {
  const translate = useTranslate();
  const urls = useMemo(
    () => new Map(photos.map((photo) => [photo.clientKey, URL.createObjectURL(photo.blob)])),
    [photos],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (!photos.length) return null;
  return (
    <Box
      component="ul"
      data-testid="photo-grid"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(100px, 1fr))',
      }}
    >
      {photos.map((photo, index) => {
        const sent = photo.serverId !== null;
        const state = translate(it(sent ? 'photo_sent' : 'photo_waiting'));
        return (
          <Box component="li" key={photo.clientKey} sx={{ position: 'relative' }} data-sent={sent ? 'yes' : 'no'}>
            <Box
              component="img"
              src={urls.get(photo.clientKey)}
              alt={translate(it('photo_alt'), {
                n: index + 1,
                view: translate(it(`views.${photo.view}`)),
                when: usDateTime(photo.takenAt),
              })}
              sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}>
              <Tooltip title={state}>
                {sent ? (
                  <CloudDone fontSize="small" color="success" aria-label={state} />
                ) : (
                  <CloudUpload fontSize="small" color="action" aria-label={state} />
                )}
              </Tooltip>
              <Typography variant="caption" sx={{ flex: 1 }}>
                {translate(it(`views.${photo.view}`))}
              </Typography>
              {!sent && onRemove && (
                <IconButton
                  aria-label={translate(it('remove_photo'), { n: index + 1 })}
                  onClick={() => onRemove(photo)}
                  sx={{ width: 44, height: 44 }}
                >
                  <Delete fontSize="small" />
                </IconButton>
              )}
            </Box>
            {photo.problem && (
              <Typography variant="caption" color="error">
                {photo.problem}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
