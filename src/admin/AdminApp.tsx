import { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, isValidElement, useEffect, useState } from 'react';
import { CssBaseline } from '@mui/material';
import { type CatchAllComponent, CoreAdminUI, CustomRoutes, Resource, localStorageStore } from 'ra-core';
import { AdminContext, Error as ErrorPage, LoadingPage } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider, hasValidToken } from '../../authProvider';
import { RESOURCES } from '../../resources';
import { type ResourceScreens, preloadScreen } from '../../ui/records/recordResource';
import { dataProvider } from '../../dataProvider';
import { adminI18nProvider } from '../i18n/admin';
import { AppLayout } from '../layout/AppLayout';
import { closePhoneDrawerAtStart } from '../layout/usePhoneDrawer';
import { Notifications } from '../layout/Notifications';
import { useSettings } from '../theme/SettingsContext';
import { appRoutes } from './appRoutes';
import { AccountGate, Landing, RequireAccess } from './guards';
import { Forbidden } from '../../ui/Forbidden';
import { useSessionWatch } from './useSessionWatch';
import { accountFlowPath, landingPath } from '../../authProvider/access';
import { getGroups, getUser } from '../../dataProvider/session';
import { featureGroupsQuery } from '../../ui/access/useFeatureGroups';
import { CompanyDayGate, companySettingsQuery } from '../../ui/companyZone';
import { lazyPart } from '../../ui/lazyPart';
import { returnTo } from '../routes/public/signInReturn';

const AuthenticationError = lazyPart(() => import('./pages/rarePages').then((m) => m.AuthenticationError));
const NotFound = lazyPart(() => import('./pages/rarePages').then((m) => m.NotFound));

/**
 * Opened on a resource's address (or on /app, which leads to the user's landing screen), the screen's code, its data
 * and the sidebar's feature list are asked for now, with the shell's code, instead of one after the other once the
 * shell has checked the session and rendered the layout. They go into the query client the first mount then uses;
 * a later mount (after signing in again) starts with an empty one.
 */
let appClient: QueryClient | undefined;
if (hasValidToken()) {
  appClient = new QueryClient();
  void appClient.prefetchQuery(featureGroupsQuery);
  // The company's time zone, which the screens' dates start from, with the sidebar (ui/companyZone.tsx).
  if (!accountFlowPath(getUser())) void appClient.prefetchQuery(companySettingsQuery);
  const { pathname } = window.location;
  const screenPath = pathname === '/app' || pathname === '/app/' ? landingPath(getUser(), getGroups()) : pathname;
  preloadScreen(RESOURCES, screenPath, appClient);
}

/**
 * The mounted app's query client: the one filled at start, kept until the app unmounts (signing out), then a new one.
 * A first render that suspends starts again from scratch, state included: taking the client on the first render only
 * gave the retry an empty one, and the feature list and the landing screen's data were asked for a second time.
 */
function useAppQueryClient(): QueryClient {
  const [client] = useState(() => (appClient ??= new QueryClient()));
  useEffect(
    () => () => {
      if (appClient === client) appClient = undefined;
    },
    [client],
  );
  return client;
}

/**
 * A screen of its own (the dashboard, the reports, the assignment boards, a driver's off-boarding) has no react-admin
 * controller to check access: it is wrapped in the same check as the app's other routes (the 403 page without Read on
 * its feature).
 */
const guarded = (Screen: ResourceScreens['list']) => {
  if (!Screen || isValidElement(Screen)) return Screen;
  return function Guarded() {
    return <RequireAccess>{createElement(Screen as ComponentType)}</RequireAccess>;
  };
};
const SCREENS: ResourceScreens[] = RESOURCES.map((resource) =>
  resource.definition
    ? resource
    : { ...resource, list: guarded(resource.list), ...(resource.edit ? { edit: guarded(resource.edit) } : {}) },
);

/** react-admin's store (list filters, columns, the chosen claim) kept in local storage, as <Admin> keeps it. */
const STORE = localStorageStore();
closePhoneDrawerAtStart(STORE);

function GatedLayout({ children }: { children: React.ReactNode }) {
  return (
    <AppLayout>
      <AccountGate>
        <CompanyDayGate>{children}</CompanyDayGate>
      </AccountGate>
    </AppLayout>
  );
}

/** The signed-in app under /app: react-admin with our layout, guards and routes. Loaded on demand. */
export default function AdminApp() {
  const { theme } = useSettings();
  const location = useLocation();
  const queryClient = useAppQueryClient();
  useSessionWatch();
  // Signed out: straight to the sign-in page, remembering where the user was going (react-admin's own logout-on-mount
  // would otherwise bounce between / and /app).
  if (!hasValidToken()) return <Navigate to="/login" replace state={returnTo(location)} />;
  return (
    <AdminContext
      basename="/app"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={adminI18nProvider}
      theme={theme}
      store={STORE}
      queryClient={queryClient}
    >
      {/* react-admin's <Admin> with our pieces, composed from its parts: <Admin>'s defaults would bring its sign-in
          form (and react-hook-form with it) and its default layout into the shell, which uses neither. */}
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Haulboard"
          layout={GatedLayout}
          dashboard={Landing}
          requireAuth
          loginPage={false}
          accessDenied={Forbidden}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          <CustomRoutes noLayout>
            {/* react-admin sends signed-out users to <basename>/login; the sign-in page lives at /login. */}
            <Route path="/login" element={<Navigate to="/login" replace />} />
          </CustomRoutes>
          {SCREENS.map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
          <CustomRoutes>{appRoutes}</CustomRoutes>
        </CoreAdminUI>
        <Notifications />
      </CssBaseline>
    </AdminContext>
  );
}
