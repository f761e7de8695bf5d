import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { DAMAGE_PANEL_LABELS, panelOfPhoto } from '../../schema/inspectionComparison';
import type { InspectionPhotoDto } from '../../schema/vehicleInspections';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { usDateTime } from '../format';
import { type PhotoSize, usePhotoBlob } from './api';

const VIEW_WORDS: Record<string, string> = { ODOMETER: 'Odometer', VIN: 'VIN', OTHER: 'Other' };
/** What a photo shows, in words: "Right side", "Odometer". */
export const photoViewText = (photo: Pick<InspectionPhotoDto, 'view'>) =>
  VIEW_WORDS[photo.view] ?? DAMAGE_PANEL_LABELS[panelOfPhoto(photo)];

/** An object URL of the photo's bytes while the picture is on screen, let go when it leaves. */
function usePhotoUrl(orderId: number, photoId: number, size: PhotoSize) {
  const { data: blob, isError } = usePhotoBlob(orderId, photoId, size);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return { url, isError };
}

export interface PhotoProps {
  orderId: number;
  photo: InspectionPhotoDto;
  /** What the photo is of, for its name ("Delivery photo of Right front door · Dent …"). */
  label: string;
  size?: number;
}

/** A photo as a small square, fetched with the session's token; a click shows it large. */
export function PhotoThumb({ orderId, photo, label, size = 64 }: PhotoProps) {
  const { url, isError } = usePhotoUrl(orderId, photo.id, 'small');
  const [open, setOpen] = useState(false);
  const name = `${label}, taken ${usDateTime(photo.takenAt)}`;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Show larger: ${name}`}
        title={name}
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : isError ? (
          <BrokenImageIcon color="disabled" aria-hidden />
        ) : null}
      </ButtonBase>
      {open && <PhotoViewer orderId={orderId} photo={photo} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The photo large, with what it shows and when it was taken. */
function PhotoViewer({ orderId, photo, label, onClose }: PhotoProps & { onClose: () => void }) {
  const { url, isError } = usePhotoUrl(orderId, photo.id, 'original');
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="lg" aria-labelledby={`photo-${photo.id}-title`}>
      <DialogTitle id={`photo-${photo.id}-title`} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {photoViewText(photo)} · taken {usDateTime(photo.takenAt)}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
        {url ? (
          <Box
            component="img"
            src={url}
            alt={label}
            sx={{ maxWidth: '100%', maxHeight: 'calc(100vh - 160px)', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Typography color="text.secondary">
            {isError ? 'The photo could not be loaded' : 'Loading the photo…'}
          </Typography>
        )}
      </DialogContent>
    </ResponsiveDialog>
  );
}

/** A row of photos that wraps. */
export function PhotoStrip({
  orderId,
  photos,
  label,
  size,
}: {
  orderId: number;
  photos: readonly InspectionPhotoDto[];
  label: (photo: InspectionPhotoDto, index: number) => string;
  size?: number;
}) {
  if (!photos.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {photos.map((photo, index) => (
        <PhotoThumb key={photo.id} orderId={orderId} photo={photo} label={label(photo, index)} size={size} />
      ))}
    </Box>
  );
}
