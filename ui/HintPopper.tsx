import { Box, Popper, type PopperPlacementType } from '@mui/material';
import type { ReactNode } from 'react';

/** HoverHint's body: the hint beside its control, in the tooltip layer, ignoring the pointer. */
export function HintPopper({
  anchor,
  placement,
  children,
}: {
  anchor: HTMLElement;
  placement: PopperPlacementType;
  children: ReactNode;
}) {
  const side = placement.split('-')[0];
  const gap = side === 'right' ? { ml: 1 } : side === 'left' ? { mr: 1 } : side === 'top' ? { mb: 0.5 } : { mt: 0.5 };
  return (
    <Popper open anchorEl={anchor} placement={placement} sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}>
      <Box
        aria-hidden
        sx={{
          ...gap,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          typography: 'caption',
          lineHeight: 1.4,
          color: 'common.white',
          bgcolor: 'grey.700',
          boxShadow: 1,
        }}
      >
        {children}
      </Box>
    </Popper>
  );
}
