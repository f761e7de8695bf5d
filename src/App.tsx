import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppEntry } from './routes/AppEntry';
import { FullScreenLoader } from './routes/FullScreenLoader';
import { GuestOnly } from './routes/GuestOnly';
import { ScrollToTop } from './routes/ScrollToTop';
import { PublicLayout } from './routes/public/PublicLayout';
import { VersionCheck } from './version/VersionCheck';
// The sign-in form comes with the first download (in the entry's chunk, vite.config.ts): the page most often opened
// signed out, and its inputs are ones the signed-in screens use too.
import { LoginPage } from './routes/public/LoginPage';

// Everything but the sign-in page loads on demand: react-admin arrives only with the signed-in shell. Opened on an
// /app address, the shell's code is asked for at once, while this first render runs, not after it.
const loadAdminApp = () => import('./admin/AdminApp');
if (window.location.pathname.startsWith('/app/') || window.location.pathname === '/app') void loadAdminApp();
const AdminApp = lazy(loadAdminApp);
const RegisterPage = lazy(() => import('./routes/public/RegisterPage'));
const ResetByEmailPage = lazy(() =>
  import('./routes/public/ResetPages').then((m) => ({ default: m.ResetByEmailPage })),
);
const SetPasswordPage = lazy(() => import('./routes/public/ResetPages').then((m) => ({ default: m.SetPasswordPage })));
const InfoPage = lazy(() => import('./routes/public/InfoPage'));
const DocsPage = lazy(() => import('./routes/public/DocsPage'));
const NotFoundPage = lazy(() => import('./routes/public/NotFoundPage'));
const AdobeConnectPage = lazy(() => import('./routes/public/AdobeConnectPage'));
const UpdateEmailPage = lazy(() => import('./routes/public/UpdateEmailPage'));
const ResetPasswordPage = lazy(() => import('./routes/public/ResetPasswordPage'));

export function App() {
  return (
    <>
      <VersionCheck />
      <ScrollToTop />
      <Suspense fallback={<FullScreenLoader />}>
        <Routes>
          <Route path="/" element={<Navigate to="/app" replace />} />
          <Route element={<PublicLayout />}>
            <Route
              path="/login"
              element={
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route path="/login-unprotected" element={<LoginPage />} />
            <Route
              path="/register"
              element={
                <GuestOnly>
                  <RegisterPage />
                </GuestOnly>
              }
            />
            <Route path="/register-unprotected" element={<RegisterPage />} />
            <Route
              path="/forgotpassword/:email/:resettoken"
              element={
                <GuestOnly>
                  <SetPasswordPage />
                </GuestOnly>
              }
            />
            <Route
              path="/resetbyemail"
              element={
                <GuestOnly>
                  <ResetByEmailPage />
                </GuestOnly>
              }
            />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/contact" element={<InfoPage page="contact" />} />
            <Route path="/pricing" element={<InfoPage page="pricing" />} />
            <Route path="/terms-of-service" element={<InfoPage page="terms" />} />
            <Route path="/privacy-policy" element={<InfoPage page="privacy" />} />
            <Route path="/docs" element={<Navigate to="/docs/welcome" replace />} />
            <Route path="/docs/:page" element={<DocsPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/adobe-connect" element={<AdobeConnectPage />} />
            <Route path="/app/update-email/*" element={<UpdateEmailPage />} />
          </Route>
          <Route path="/app/*" element={<AppEntry app={<AdminApp />} />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
