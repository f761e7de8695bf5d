import { type Theme, createTheme, responsiveFontSizes } from '@mui/material/styles';
import { SIDEBAR_WIDTH, TABLE_BOX_MAX_HEIGHT, TOP_BAR_HEIGHT } from '../../ui/shellSizes';
import { phoneTapTargets } from './touch';

export const THEMES = ['LIGHT', 'ONE_DARK', 'UNICORN'] as const;
export type ThemeName = (typeof THEMES)[number];
export type Direction = 'ltr' | 'rtl';

export interface Settings {
  theme: ThemeName;
  direction: Direction;
  responsiveFontSizes: boolean;
}

export const DEFAULT_SETTINGS: Settings = { theme: 'ONE_DARK', direction: 'ltr', responsiveFontSizes: true };

const palettes = {
  // Warning is darker than MUI's #ed6c02, whose outlined chips (text in the colour on white) read at 3.2:1. On the
  // dark themes error is MUI's lighter red: its #f44336 as text on the cards (#282c34) read at 3.8:1, #e57373 at 4.7.
  LIGHT: {
    mode: 'light',
    primary: { main: '#1565c0' },
    secondary: { main: '#6a1b9a' },
    warning: { main: '#b45309' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
  },
  ONE_DARK: {
    mode: 'dark',
    primary: { main: '#8ab4f8' },
    secondary: { main: '#c792ea' },
    error: { main: '#e57373' },
    background: { default: '#1e2129', paper: '#282c34' },
    text: { primary: '#e6e6e6', secondary: '#adb0bb' },
  },
  UNICORN: {
    mode: 'dark',
    primary: { main: '#f48fb1' },
    secondary: { main: '#80deea' },
    error: { main: '#e57373' },
    background: { default: '#1c1432', paper: '#2a1f4a' },
    text: { primary: '#f3e9ff', secondary: '#c5b3e6' },
  },
} as const;

/**
 * A table wider than its card scrolls inside a box no taller than the screen under the top bar (less the pager), so
 * its sideways scrollbar is on screen with the rows rather than under the 50th, and its header row (react-admin's,
 * sticky) stays above them. On a phone lists are cards (ui/records/CardList.tsx).
 */
const scrollingTables = {
  RaDataTable: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.up('sm')]: {
          '& .RaDataTable-tableWrapper': { overflow: 'auto', maxHeight: TABLE_BOX_MAX_HEIGHT },
        },
      }),
    },
  },
} as object;

/**
 * The filter bar: a picker is wide enough for a person's whole name (react-admin's 160 px cut "Jose Lopez" to
 * "Jose Lo…"), and its fields line up along their bottom edge whatever their labels.
 */
const filterBar = {
  RaFilterForm: {
    styleOverrides: {
      root: { alignItems: 'flex-end', '& .MuiAutocomplete-root': { minWidth: 220 } },
    },
  },
} as object;

/**
 * For someone whose system asks for reduced motion (prefers-reduced-motion): menus, dialogs, drawers and collapsing
 * groups appear and go at once, and buttons draw no ripple. Progress spinners still turn: they say work is under way.
 */
const withoutMotion = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

export function buildTheme(settings: Settings, { reducedMotion = false }: { reducedMotion?: boolean } = {}): Theme {
  let theme = createTheme({
    direction: settings.direction,
    // Text on a coloured fill (filled chips, badges, contained buttons) is white or black, whichever reaches WCAG AA
    // (4.5:1); MUI's default of 3 put white on the dark themes' red (#f44336) at 3.7:1.
    palette: { ...palettes[settings.theme], contrastThreshold: 4.5 },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiAppBar: { styleOverrides: { root: { minHeight: TOP_BAR_HEIGHT } } },
      MuiToolbar: { styleOverrides: { root: { minHeight: TOP_BAR_HEIGHT } } },
      ...phoneTapTargets,
      ...scrollingTables,
      ...filterBar,
      ...(reducedMotion ? withoutMotion.components : {}),
    },
    ...(reducedMotion ? { transitions: withoutMotion.transitions } : {}),
    // react-admin reads the sidebar width from the theme.
    ...({ sidebar: { width: SIDEBAR_WIDTH.desktop, closedWidth: 56 } } as object),
  });
  if (settings.responsiveFontSizes) theme = responsiveFontSizes(theme);
  return theme;
}
