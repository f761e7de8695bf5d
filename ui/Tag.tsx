import { alpha, styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { ChipColour } from '../schema/define/fields';

/** The tones a field's choices declare (schema/define/fields.ts). */
export type TagTone = ChipColour;

/**
 * A small chip for values shown in every row of a list (statuses, expirations): it looks like MUI's small Chip but is
 * one styled span whose tones are attribute selectors, so its style is built once for all rows. MUI's Chip is three
 * styled components with their own props each; with two or three per row they were a fifth of a page of rows.
 */
const Root = styled('span')(({ theme }) => {
  const tones = ['success', 'warning', 'error', 'info'] as const;
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    maxWidth: '100%',
    height: 24,
    padding: '0 8px',
    boxSizing: 'border-box',
    borderRadius: 12,
    border: `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`,
    color: theme.palette.text.primary,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
    '& > svg': { fontSize: 18, flexShrink: 0, marginLeft: -3 },
    ...Object.fromEntries(
      tones.flatMap((tone) => {
        const { main, dark, light, contrastText } = theme.palette[tone];
        // Outlined text on the page or a card: the dark shade on a light theme, the light one on a dark theme (the
        // main red on a dark card was under 4.5:1).
        return [
          [
            `&[data-tone="${tone}"]`,
            { borderColor: alpha(main, 0.7), color: theme.palette.mode === 'light' ? dark : light },
          ],
          [`&[data-tone="${tone}"][data-filled]`, { borderColor: main, backgroundColor: main, color: contrastText }],
        ];
      }),
    ),
  };
});

export function Tag({
  tone = 'default',
  filled = false,
  icon,
  children,
}: {
  tone?: TagTone;
  filled?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Root data-tone={tone} data-filled={filled || undefined}>
      {icon}
      <span>{children}</span>
    </Root>
  );
}
