import { Box, CircularProgress } from '@mui/material';
import { translate } from '../i18n';

/** The full-screen loader sits at z-index 2000 with a 400-wide content area (docs/product/shell.md#shell). */
export function FullScreenLoader() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ width: 400, maxWidth: '90vw', textAlign: 'center' }}>
        <CircularProgress aria-label={translate('haulboard.app.loading')} />
      </Box>
    </Box>
  );
}
