import type { Theme } from '@mui/material/styles';

/** Sizes of the signed-in shell (docs/product/shell.md#shell): the theme lays it out, screens fit inside it. */

/** Sidebar 190 on mobile and 195 on desktop, top bar 64 high. */
export const SIDEBAR_WIDTH = { mobile: 190, desktop: 195 };
export const TOP_BAR_HEIGHT = 64;

/** The tallest a scrolling table's box may be: the screen under the top bar, less a pager's row. */
export const TABLE_BOX_MAX_HEIGHT = `calc(100vh - ${TOP_BAR_HEIGHT + 64}px)`;

/** The least width and height of anything a finger taps on a phone (WCAG 2.5.5, docs/product/shell.md#phone). */
export const TAP_TARGET = 44;

/**
 * On a phone, a link that is the whole of a card's heading or of a detail's value (a driver's name, a count that opens
 * the list behind it) grows to a full tap target round its text; links inside sentences keep the line's height.
 * For an sx prop: `sx={[ownStyles, lonelyLinkTarget]}`.
 */
export const lonelyLinkTarget = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { '& > a:only-child': TAP_BOX },
});

/** The same for a link that stands alone beside its label (a dashboard's count that opens its list). */
export const linkTarget = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: TAP_BOX });

const TAP_BOX = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  minHeight: TAP_TARGET,
  minWidth: TAP_TARGET,
};
