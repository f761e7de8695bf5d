import { Box, Popper } from '@mui/material';
import { type FocusEvent, type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';

/**
 * A tooltip for a control repeated in every row of a list (whose accessible name already says the same): nothing but
 * a span until the pointer or the focus reaches it, then a hint under it, gone on leave, blur or Escape (WCAG 1.4.13).
 * MUI's Tooltip mounts a Popper and renders twice per instance at mount; fifty of them were a third of the work of
 * showing a page of rows.
 */
export function HoverHint({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const show = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const hide = () => setAnchor(null);
  return (
    // A plain span, not a styled Box: it is in every row.
    <span
      style={{ display: 'inline-flex' }}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && anchor) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      {children}
      {anchor && (
        <Popper open anchorEl={anchor} placement="bottom" sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}>
          <Box
            aria-hidden
            sx={{ mt: 0.5, px: 1, py: 0.5, borderRadius: 1, typography: 'caption', lineHeight: 1.4, color: 'common.white', bgcolor: 'grey.700', boxShadow: 1 }}
          >
            {title}
          </Box>
        </Popper>
      )}
    </span>
  );
}
