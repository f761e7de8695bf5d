import { Box, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Sidebar as RaSidebar } from 'react-admin';
import { Logo } from '../routes/Logo';
import { SIDEBAR_WIDTH } from '../../ui/shellSizes';
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
import { RefreshButton, TopBar } from './TopBar';
import { Sidebar } from './sidebar/Sidebar';
import { usePhoneDrawer } from './usePhoneDrawer';

const topBarActions = (
  <>
    <RefreshButton />
    <OnlineContacts />
    <NotificationBell />
    <SettingsPopover />
    <AccountMenu />
  </>
);

/**
 * 190 wide on phones, 195 on desktops (docs/product/shell.md#shell); closed on a desktop, the icons' width react-admin
 * gives it (the open width stuck to the closed sidebar too, leaving an empty band beside the icons).
 */
const sidePanelWidth = (theme: Theme) => ({
  [theme.breakpoints.only('xs')]: { '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH.mobile } },
  [theme.breakpoints.up('md')]: {
    '&.RaSidebar-open .RaSidebar-fixed, &.RaSidebar-open .MuiDrawer-paper': { width: SIDEBAR_WIDTH.desktop },
  },
});

function SidePanel() {
  usePhoneDrawer();
  return (
    <RaSidebar sx={sidePanelWidth}>
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
const topBar = (
  <TopBar actions={topBarActions}>
    {/* Closer to the title on a phone, whose box is ~110 px there: a word such as "Management" fits on its line. */}
    <Box sx={{ display: 'flex', alignItems: 'center', mr: { xs: 1, sm: 2 } }}>
      <Logo height={28} />
    </Box>
  </TopBar>
);
const sidePanel = <SidePanel />;

/** The signed-in layout, mounted once: it holds the hub connection, the service worker and push (src/realtime, src/pwa, src/push). */
export function AppLayout({ children }: { children: ReactNode }) {
  useServiceWorker();
  usePushRegistration();
  return (
    <RealtimeProvider>
      <Frame topBar={topBar} sidePanel={sidePanel}>
        <Box id="main" component="section" sx={{ p: { xs: 1, sm: 2 } }}>
          {children}
        </Box>
      </Frame>
      <InstallPrompt />
    </RealtimeProvider>
  );
}
