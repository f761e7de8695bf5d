import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';

/** The 403 page (docs/product/shell.md#shell): its exact text, a contact-support line and a back-to-home button. */
export function Forbidden() {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, mx: 'auto', mt: 4, textAlign: 'center' }}>
      <LockIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('haulboard.forbidden.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('haulboard.forbidden.body')}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/app" variant="contained">
          {translate('haulboard.forbidden.back')}
        </Button>
      </Box>
    </Paper>
  );
}
