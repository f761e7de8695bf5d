import { useMediaQuery } from '@mui/material';

/**
 * The mark and the name (docs/product/shell.md#shell), the mark alone below 500 px. The name is text in the bar's own
 * colour (the wide image's fixed blue was near unreadable on the Light theme's purple bar).
 */
export function Logo({ height = 32 }: { height?: number }) {
  const narrow = useMediaQuery('(max-width:499.95px)');
  const mark = <img src="/app/logo.svg" alt={narrow ? 'Haulboard' : ''} width={height} height={height} />;
  if (narrow) return mark;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: Math.round(height / 4), color: 'inherit' }}>
      {mark}
      <span style={{ fontWeight: 700, fontSize: Math.round(height * 0.56), lineHeight: 1, letterSpacing: 0 }}>
        Haulboard
      </span>
    </span>
  );
}
