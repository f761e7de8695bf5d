import { type ComponentType, createElement, isValidElement } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider, hasValidToken } from '../../authProvider';
import { RESOURCES } from '../../resources';
import { type ResourceScreens, preloadScreen } from '../../ui/records/recordResource';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { Notifications } from '../layout/Notifications';
import { useSettings } from '../theme/SettingsContext';
import { appRoutes } from './appRoutes';
import { AccountGate, Landing, RequireAccess } from './guards';
import { Forbidden } from './pages/Forbidden';
import { useSessionWatch } from './useSessionWatch';

// Opened on a resource's address, its screen's code is asked for now, with the shell's, instead of after the shell
// has checked the session and rendered the layout.
preloadScreen(RESOURCES, window.location.pathname);

/**
 * A screen of its own (the dashboard, the reports, the assignment boards) has no react-admin list controller to check
 * access: it is wrapped in the same check as the app's other routes (the 403 page without Read on its feature).
 */
const SCREENS: ResourceScreens[] = RESOURCES.map((resource) => {
  const Screen = resource.list;
  if (resource.definition || !Screen || isValidElement(Screen)) return resource;
  const Guarded = () => <RequireAccess>{createElement(Screen as ComponentType)}</RequireAccess>;
  return { ...resource, list: Guarded };
});

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
      {SCREENS.map((resource) => <Resource key={resource.name} {...resource} />)}
      <CustomRoutes>{appRoutes}</CustomRoutes>
    </Admin>
  );
}
