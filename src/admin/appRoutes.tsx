import type { ReactElement } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { FEATURE_ROUTES } from '../../authProvider/routes';
import { RESOURCE_PATHS } from '../../resources';
import { RequireAccess } from './guards';
import { lazyPart } from '../../ui/lazyPart';
import { DISPATCH_SHEETS_ROUTE } from '../../schema/orderDrafts';
import { ScreenPlaceholder, TemplatePointer } from './pages/ScreenPlaceholder';

/**
 * The routes inside the signed-in layout, relative to /app. Screens built by a resource (resources/) replace their
 * placeholder here; every element is wrapped in the access guard.
 */
const relative = (path: string) => path.replace(/^\/app\//, '');

/** The account pages are seldom opened: their code loads with the first of them. */
type AccountPageName = keyof typeof import('./pages/AccountPages');
const accountPage = (name: AccountPageName) =>
  lazyPart(() => import('./pages/AccountPages').then((pages) => pages[name]));
const AccountPage = accountPage('AccountPage');
const VerifyAccountPage = accountPage('VerifyAccountPage');
const CompleteRegisterPage = accountPage('CompleteRegisterPage');
const ActivationPendingPage = accountPage('ActivationPendingPage');
const UnderConstructionPage = accountPage('UnderConstructionPage');
/** The in-app mailbox (src/admin/mailbox): its own download, with the first of its addresses. */
const Mailbox = lazyPart(() => import('./mailbox/Mailbox').then((m) => m.Mailbox));
/** Staff chat (resources/chat): its own download, with the first of its addresses. */
const ChatScreen = lazyPart(() => import('../../resources/chat/ChatScreen').then((m) => m.ChatScreen));
/** A customer's receivables (resources/receivables): read-only, so a page of its own rather than an edit screen. */
const CustomerScreen = lazyPart(() => import('../../resources/receivables/CustomerScreen').then((m) => m.default));
/** Dispatch sheets read into draft orders (resources/dispatchSheets): the drafts, and one draft's review. */
const SheetsScreen = lazyPart(() => import('../../resources/dispatchSheets/SheetsScreen').then((m) => m.default));
const DraftReview = lazyPart(() => import('../../resources/dispatchSheets/DraftReview').then((m) => m.default));

const ACCOUNT: [string, ReactElement][] = [
  ['account', <AccountPage />],
  ['verify-account', <VerifyAccountPage />],
  ['complete-register', <CompleteRegisterPage />],
  ['activation-pending', <ActivationPendingPage />],
  ['received-emails/:mailId?', <Mailbox variant="received" />],
  ['mail/label/:customLabel/:mailId?', <Mailbox variant="mail" />],
  ['mail/:systemLabel/:mailId?', <Mailbox variant="mail" />],
  ['under-construction', <UnderConstructionPage />],
];

const pointer = (hint: string, to?: string, target?: string) => (
  <TemplatePointer
    hint={`haulboard.templates.${hint}`}
    to={to}
    target={target && `haulboard.templates.targets.${target}`}
  />
);
/** The template areas (docs/product.md#template-areas): a short page pointing to the real screen. */
const TEMPLATES: [string, ReactElement][] = [
  ['extra/*', pointer('extra', '/app/reports/dashboard', 'reports_dashboard')],
  ['projects/*', pointer('projects')],
  ['social/*', pointer('social')],
];

/** The template's order address opens that book order (docs/routing.md): its page is the book order's edit screen. */
function OrderRedirect() {
  const { id } = useParams();
  return <Navigate to={`/app/books/bookorders/${id}/edit`} replace />;
}

/** Screens that are not a react-admin resource, each governed by its feature like any other (Chat). */
const SCREENS: [string, ReactElement][] = [
  ['management/orders/:id', <OrderRedirect />],
  ['management/customers/:id', <CustomerScreen />],
  [relative(DISPATCH_SHEETS_ROUTE), <SheetsScreen />],
  [`${relative(DISPATCH_SHEETS_ROUTE)}/:id`, <DraftReview />],
  ['chat/new', <ChatScreen />],
  ['chat/:threadKey', <ChatScreen />],
];

const REDIRECTS: [string, string][] = [
  ['books', '/app/books/bookorders'],
  // The original app's /app/reports redirect was misspelt; we go to the reports dashboard (docs/product.md#not-copied).
  ['reports', '/app/reports/dashboard'],
  ['management', '/app/management/customers'],
  ['chat', '/app/chat/new'],
  ['mail', '/app/mail/all'],
  ['projects', '/app/projects/browse'],
  ['social', '/app/social/profile'],
];

export const appRoutes = [
  ...REDIRECTS.map(([path, to]) => (
    <Route key={`redirect:${path}`} path={path} element={<Navigate to={to} replace />} />
  )),
  ...ACCOUNT.map(([path, element]) => <Route key={path} path={path} element={element} />),
  ...[...SCREENS, ...TEMPLATES].map(([path, element]) => (
    <Route key={path} path={path} element={<RequireAccess>{element}</RequireAccess>} />
  )),
  // Screens a resource already provides are routed by react-admin's <Resource>; a feature's address that redirects
  // (/app/chat → /app/chat/new) has no placeholder either.
  ...FEATURE_ROUTES.filter(
    (path) =>
      !RESOURCE_PATHS.some((owned) => path === owned || path.startsWith(owned + '/')) &&
      !REDIRECTS.some(([from]) => relative(path) === from) &&
      !SCREENS.some(([screen]) => relative(path) === screen),
  ).map((path) => (
    <Route
      key={path}
      path={relative(path)}
      element={
        <RequireAccess>
          <ScreenPlaceholder />
        </RequireAccess>
      }
    />
  )),
  <Route key="*" path="*" element={<Navigate to="/404" replace />} />,
];
