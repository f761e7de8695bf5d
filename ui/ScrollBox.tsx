import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways inside its card on a phone instead of widening the page. It is a named region
 * that takes the keyboard's focus, so the part out of view can be scrolled to without a mouse (axe-core's
 * scrollable-region-focusable; docs/product/accessibility.md).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </Box>
  );
}
