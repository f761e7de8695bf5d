import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { lonelyLinkTarget } from './shellSizes';

export interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
}

/** Labels and their values, two columns of a description list (a card's details, a claim's money, a driver's license). */
export function Facts({ facts, sx }: { facts: readonly Fact[]; sx?: Record<string, unknown> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
        m: 0,
        alignItems: 'center',
        ...sx,
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={[
              {
                m: 0,
                textAlign: fact.numeric ? 'right' : 'left',
                overflowWrap: 'anywhere',
                fontVariantNumeric: fact.numeric ? 'tabular-nums' : undefined,
              },
              lonelyLinkTarget,
            ]}
          >
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
