import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';

/**
 * A titled group of form fields (<fieldset> with its <legend>), laid out in up to `columns` columns (one on a phone);
 * `below` goes under the grid at full width (a list of rows).
 */
export function FormSection({
  title,
  columns = 4,
  below,
  children,
}: {
  title: string;
  columns?: 2 | 3 | 4;
  below?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%', mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: `repeat(${columns}, minmax(0, 1fr))` },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {children}
      </Box>
      {below}
    </Box>
  );
}
