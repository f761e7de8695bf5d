import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

/** What a top-bar popover shows while its body's code arrives (the first time it opens). */
export function PanelLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-label={translate('ra.page.loading')}
      sx={{ p: 2, display: 'flex', justifyContent: 'center' }}
    >
      <CircularProgress size={24} />
    </Box>
  );
}
