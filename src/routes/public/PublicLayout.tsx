import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { AppBar, Box, Button, Container, IconButton, Link, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { HoverHint } from '../../../ui/HoverHint';
import { APP_VERSION } from '../../version';
import { Logo } from '../Logo';

/** The help of a public page: signing in and its links are explained on the authentication page, the rest on support. */
const helpOf = (path: string) => (/^\/(login|register|forgotpassword|resetbyemail|reset-password|app\/update-email)/.test(path) ? '/docs/authentication' : '/docs/support');

/** The public pages every visitor may read, in the footer. */
const FOOTER: [string, string][] = [['/contact', 'public.contact'], ['/pricing', 'public.pricing'], ['/terms-of-service', 'public.terms'], ['/privacy-policy', 'public.privacy']];

/**
 * The public layout (docs/product/administration.md#public-site): top bar with the version, links to Dashboard and
 * Documentation, and a help button. Around the child route, or around `children` (a public page on an /app address: the
 * verification link). The documentation takes a wider column than the forms.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
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
              <IconButton component={RouterLink} to={helpOf(pathname)} color="inherit" aria-label={t('public.help')}>
                <HelpOutlineIcon />
              </IconButton>
            </HoverHint>
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth={pathname.startsWith('/docs') ? 'lg' : 'md'} sx={{ flex: 1, py: { xs: 2, sm: 5 }, px: { xs: 1.5, sm: 3 }, outline: 'none' }}>
        {children ?? <Outlet />}
      </Container>
      <Box component="footer" sx={{ py: 2, px: 2, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1, borderTop: 1, borderColor: 'divider' }}>
        {FOOTER.map(([to, label]) => <Link key={to} component={RouterLink} to={to} variant="body2" color="text.secondary">{t(label)}</Link>)}
      </Box>
    </Box>
  );
}
