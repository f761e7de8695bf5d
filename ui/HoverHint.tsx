import type { PopperPlacementType } from '@mui/material';
import {
  type CSSProperties,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';
import { lazyPart } from './lazyPart';

// The hint's body (MUI's Popper and the positioning library under it, ~11 kB gzip) loads the first time a hint shows:
// the top bar and the sidebar carry hints, and the signed-in landing should not download what only a hover needs.
const HintPopper = lazyPart(() => import('./HintPopper').then((m) => m.HintPopper));

/**
 * A tooltip for a control whose accessible name already says the same (a row's button, an icon in the top bar, a
 * collapsed sidebar's link): nothing but a span until the pointer or the focus reaches it, then a hint beside it, gone
 * on leave, blur or Escape (WCAG 1.4.13). The hint itself is hidden from screen readers: the control's name is read.
 * MUI's Tooltip mounts a Popper and renders twice per instance at mount; fifty of them were a third of the work of
 * showing a page of rows.
 */
export function HoverHint({
  title,
  children,
  placement = 'bottom',
  block = false,
}: {
  title: ReactNode;
  children: ReactElement;
  placement?: PopperPlacementType;
  /** Fill the parent's row (a sidebar link) instead of sitting inline (an icon button). */
  block?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const show = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const hide = () => setAnchor(null);
  return (
    // A plain span, not a styled Box: it is in every row.
    <span
      style={block ? BLOCK : INLINE}
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
      {anchor && title ? (
        <HintPopper anchor={anchor} placement={placement}>
          {title}
        </HintPopper>
      ) : null}
    </span>
  );
}

const INLINE: CSSProperties = { display: 'inline-flex' };
const BLOCK: CSSProperties = { display: 'flex', flex: 1, minWidth: 0 };
