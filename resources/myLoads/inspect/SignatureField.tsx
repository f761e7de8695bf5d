import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import SignaturePad from 'signature_pad';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { it } from './words';

export interface SignatureHandle {
  /** The drawn signature as PNG, base64 without its data: prefix; null while nothing is drawn. */
  png(): string | null;
}

/**
 * A signature drawn with a finger (signature_pad: smooth strokes from touch, pen or mouse). The canvas is sized to its
 * box at the screen's pixel ratio, so the line is sharp and lands where the finger is.
 */
export const SignatureField = forwardRef<SignatureHandle, { label: string }>(function SignatureField({ label }, ref) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current!;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')!.scale(ratio, ratio);
    const signature = new SignaturePad(element, { penColor: '#0d1b3e', minWidth: 1, maxWidth: 3 });
    pad.current = signature;
    return () => signature.off();
  }, []);

  useImperativeHandle(ref, () => ({
    png: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png').split(',')[1] : null),
  }));

  return (
    <Box>
      <Typography component="label" htmlFor="signature-pad" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="canvas"
        id="signature-pad"
        ref={canvas}
        role="img"
        aria-label={label}
        sx={{
          width: '100%',
          height: 180,
          display: 'block',
          border: 2,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
        }}
      />
      <Button onClick={() => pad.current?.clear()} sx={{ minHeight: 44, mt: 0.5 }}>
        {translate(it('clear_pad'))}
      </Button>
    </Box>
  );
});
