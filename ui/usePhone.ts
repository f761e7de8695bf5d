import { useMediaQuery, useTheme } from '@mui/material';

/** A phone-sized screen (below MUI's `sm`, 600 px): lists become cards, dialogs take the whole screen. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
