import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider, hasValidToken } from '../../authProvider';
import { RESOURCES } from '../../resources';
import { preloadScreen } from '../../ui/records/recordResource';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { Notifications } from '../layout/Notifications';
import { useSettings } from '../theme/SettingsContext';
import { appRoutes } from './appRoutes';
import { AccountGate, Landing } from './guards';
import { Forbidden } from './pages/Forbidden';
import { useSessionWatch } from './useSessionWatch';

// Opened on a resource's address, its screen's code is asked for now, with the shell's, instead of after the shell
// has checked the session and rendered the layout.
preloadScreen(RESOURCES, window.location.pathname);

function GatedLayout({ children }: { children: React.ReactNode }) {
  return (
    <AppLayout>
      <AccountGate>{children}</AccountGate>
    </AppLayout>
  );
}

/** The signed-in app under /app: react-admin with our layout, guards and routes. Loaded on demand. */
export default function AdminApp() {
  const { theme } = useSettings();
  const location = useLocation();
  useSessionWatch();
  // Signed out: straight to the sign-in page, remembering where the user was going (react-admin's own
  // logout-on-mount would otherwise bounce between / and /app).
  if (!hasValidToken()) return <Navigate to="/login" replace state={{ nextPathname: location.pathname }} />;
  return (
    <Admin
      basename="/app"
      title="Haulboard"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={GatedLayout}
      theme={theme}
      dashboard={Landing}
      notification={Notifications}
      requireAuth
      loginPage={false}
      accessDenied={Forbidden}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {/* react-admin sends signed-out users to <basename>/login; the sign-in page lives at /login. */}
        <Route path="/login" element={<Navigate to="/login" replace />} />
      </CustomRoutes>
      {RESOURCES.map((resource) => <Resource key={resource.name} {...resource} />)}
      <CustomRoutes>{appRoutes}</CustomRoutes>
    </Admin>
  );
}
