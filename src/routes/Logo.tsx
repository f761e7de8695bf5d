import { useMediaQuery } from '@mui/material';

/** SPEC.md §9: the logo switches to the compact image below 500 px. */
export function Logo({ height = 32 }: { height?: number }) {
  const narrow = useMediaQuery('(max-width:499.95px)');
  return narrow ? (
    <img src="/app/logo.svg" alt="Haulboard" width={height} height={height} />
  ) : (
    <img src="/app/logo-wide.svg" alt="Haulboard" width={height * 5} height={height} style={{ color: 'inherit' }} />
  );
}
