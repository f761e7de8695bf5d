import type { Theme } from '@mui/material';

/** A warning or error figure's colour that keeps 4.5:1 contrast on the theme's cards (main red on a dark card has 3.8). */
export const toneColour = (tone: 'warning' | 'error') => (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette[tone].light : theme.palette[tone].dark;
