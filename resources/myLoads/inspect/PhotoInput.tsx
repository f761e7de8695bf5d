import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Button, type ButtonProps } from '@mui/material';
import { useId } from 'react';

/**
 * A button that opens the phone's camera (a file input with capture: the rear camera on a phone, a file on a
 * computer); the files chosen go to `onPhotos`. The input is the button's own, so a label names it for screen readers.
 */
export function PhotoInput({
  label,
  onPhotos,
  disabled,
  multiple = true,
  variant = 'contained',
  testId,
}: {
  label: string;
  onPhotos: (files: File[]) => void;
  disabled?: boolean;
  multiple?: boolean;
  variant?: ButtonProps['variant'];
  testId?: string;
}) {
  const id = useId();
  return (
    <Button
      component="label"
      htmlFor={id}
      variant={variant}
      startIcon={<PhotoCamera />}
      disabled={disabled}
      sx={{ minHeight: 48 }}
    >
      {label}
      <input
        id={id}
        data-testid={testId}
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        multiple={multiple}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length) onPhotos(files);
        }}
      />
    </Button>
  );
}
