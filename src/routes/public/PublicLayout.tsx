import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { AppBar, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { HoverHint } from '../../../ui/HoverHint';
import { APP_VERSION } from '../../version';
import { Logo } from '../Logo';

/**
 * SPEC.md §2: top bar with the version, links to Dashboard and Documentation, and a help button. Around the child
 * route, or around `children` (a public page on an /app address: the verification link).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <a href="#main" className="skip-link">{t('app.skip_to_content')}</a>
      <AppBar position="static" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <RouterLink to="/login" aria-label={t('app.name')} style={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none' }}>
            <Logo />
          </RouterLink>
          <Typography variant="caption" color="text.secondary" sx={{ ml: { xs: 0.5, sm: 1 }, whiteSpace: 'nowrap' }}>{t('app.version', { version: APP_VERSION })}</Typography>
          <Box component="nav" sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 } }}>
            <Button component={RouterLink} to="/app" color="inherit" size="small" sx={{ minWidth: 0 }}>{t('public.dashboard')}</Button>
            <Button component={RouterLink} to="/docs" color="inherit" size="small" sx={{ minWidth: 0 }}>{t('public.documentation')}</Button>
            <HoverHint title={t('public.help_title')}>
              <IconButton component={RouterLink} to="/contact" color="inherit" aria-label={t('public.help')}>
                <HelpOutlineIcon />
              </IconButton>
            </HoverHint>
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth="md" sx={{ flex: 1, py: { xs: 3, sm: 6 }, outline: 'none' }}>
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}
