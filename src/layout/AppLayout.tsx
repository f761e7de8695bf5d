import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, LoadingIndicator, Sidebar as RaSidebar, TitlePortal } from 'react-admin';
import { Logo } from '../routes/Logo';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from '../theme/themes';
import { InstallPrompt } from '../pwa/InstallPrompt';
import { useServiceWorker } from '../pwa/serviceWorker';
import { usePushRegistration } from '../push/usePushRegistration';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { AccountMenu } from './AccountMenu';
import { Frame } from './Frame';
import { InTransition } from './InTransition';
import { NotificationBell } from './NotificationBell';
import { OnlineContacts } from './OnlineContacts';
import { SettingsPopover } from './SettingsPopover';
import { Sidebar } from './sidebar/Sidebar';

function TopBar() {
  return (
    // On a phone the refresh button gives way to the screen's title (pull-to-refresh and the list's own refresh remain).
    <AppBar userMenu={false} toolbar={<Box sx={{ display: 'flex', alignItems: 'center' }}><Box sx={{ display: { xs: 'none', sm: 'flex' } }}><LoadingIndicator /></Box><OnlineContacts /><NotificationBell /><SettingsPopover /><AccountMenu /></Box>} sx={{ '& .RaAppBar-toolbar': { minHeight: TOP_BAR_HEIGHT } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mr: 2 }}><Logo height={28} /></Box>
      {/* A long title wraps to two smaller lines on a phone instead of being cut under the icons. */}
      <TitlePortal sx={{ minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' }, lineHeight: 1.25, whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflow: 'hidden', textOverflow: 'ellipsis', display: { xs: '-webkit-box', sm: 'block' }, WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }} />
    </AppBar>
  );
}

/** 190 wide on phones, 195 on desktops (SPEC.md §9). */
function SidePanel() {
  return (
    <RaSidebar sx={{ '& .RaSidebar-fixed, & .MuiDrawer-paper': { width: { xs: SIDEBAR_WIDTH.mobile, md: SIDEBAR_WIDTH.desktop } } }}>
      <InTransition>
        <Sidebar />
      </InTransition>
    </RaSidebar>
  );
}

/**
 * Made once for the app's life: react-admin renders the layout again each time its own state settles at start (the
 * session check, the access checks, the resources registering), four times before the first screen shows. The top
 * bar and the sidebar take nothing from those renders, and kept 270 to 500 components rendering each time.
 */
const topBar = <TopBar />;
const sidePanel = <SidePanel />;

/** The signed-in layout, mounted once: it holds the hub connection, the service worker and push (src/realtime, src/pwa, src/push). */
export function AppLayout({ children }: { children: ReactNode }) {
  useServiceWorker();
  usePushRegistration();
  return (
    <RealtimeProvider>
      <Frame topBar={topBar} sidePanel={sidePanel}>
        <Box id="main" component="section" sx={{ p: { xs: 1, sm: 2 } }}>{children}</Box>
      </Frame>
      <InstallPrompt />
    </RealtimeProvider>
  );
}
