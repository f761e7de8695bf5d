import type { ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { FEATURE_ROUTES } from '../../authProvider/routes';
import { RequireAccess } from './guards';
import { AccountPage, ActivationPendingPage, CompleteRegisterPage, ReceivedEmailsPage, UnderConstructionPage, VerifyAccountPage } from './pages/AccountPages';
import { ScreenPlaceholder, TemplatePointer } from './pages/ScreenPlaceholder';

/**
 * The routes inside the signed-in layout, relative to /app. Screens built by a resource (resources/) replace their
 * placeholder here; every element is wrapped in the access guard.
 */
const relative = (path: string) => path.replace(/^\/app\//, '');

const ACCOUNT: [string, ReactElement][] = [
  ['account', <AccountPage />],
  ['verify-account', <VerifyAccountPage />],
  ['complete-register', <CompleteRegisterPage />],
  ['activation-pending', <ActivationPendingPage />],
  ['received-emails', <ReceivedEmailsPage />],
  ['under-construction', <UnderConstructionPage />],
];

const pointer = (hint: string, to?: string, target?: string) => <TemplatePointer hint={hint} to={to} target={target} />;
/** SPEC.md's template areas (DESIGN.md §9): a short page pointing to the real screen. */
const TEMPLATES: [string, ReactElement][] = [
  ['management/customers', pointer('Customers are the shippers of Haulboard.', '/app/management/shipper-management', 'Shippers')],
  ['management/customers/:id', pointer('Customers are the shippers of Haulboard.', '/app/management/shipper-management', 'Shippers')],
  ['management/customers/:id/edit', pointer('Customers are the shippers of Haulboard.', '/app/management/shipper-management', 'Shippers')],
  ['management/invoices/:id', pointer('Invoices are settled on the book orders.', '/app/books/bookorders', 'Book Orders')],
  ['management/orders/:id', pointer('Orders are the book orders of Haulboard.', '/app/books/bookorders', 'Book Orders')],
  ['management/products', pointer('Haulboard moves vehicles, not products.', '/app/books/bookorders', 'Book Orders')],
  ['management/products/create', pointer('Haulboard moves vehicles, not products.', '/app/books/bookorders', 'Book Orders')],
  ['chat/new', pointer('Staff messaging arrives with the real-time hub.')],
  ['chat/:threadKey', pointer('Staff messaging arrives with the real-time hub.')],
  ['mail/label/:customLabel/:mailId?', pointer('Messages the system sends you are listed in Received e-mails.', '/app/received-emails', 'Received e-mails')],
  ['mail/:systemLabel/:mailId?', pointer('Messages the system sends you are listed in Received e-mails.', '/app/received-emails', 'Received e-mails')],
  ['kanban', pointer('The dispatch board of book orders by status replaces the kanban.', '/app/books/bookorders', 'Book Orders')],
  ['extra/*', pointer('Charts and forms live on the real screens.', '/app/reports/dashboard', 'Reports Dashboard')],
  ['projects/*', pointer('Haulboard has no projects area.')],
  ['social/*', pointer('Haulboard has no social area.')],
];

const REDIRECTS: [string, string][] = [
  ['books', '/app/books/bookorders'],
  // SPEC.md's mistyped redirect is a bug we do not copy.
  ['reports', '/app/reports/dashboard'],
  ['management', '/app/management/customers'],
  ['chat', '/app/chat/new'],
  ['mail', '/app/mail/all'],
  ['projects', '/app/projects/browse'],
  ['social', '/app/social/profile'],
];

export const appRoutes = [
  ...REDIRECTS.map(([path, to]) => <Route key={`redirect:${path}`} path={path} element={<Navigate to={to} replace />} />),
  ...ACCOUNT.map(([path, element]) => <Route key={path} path={path} element={element} />),
  ...TEMPLATES.map(([path, element]) => <Route key={path} path={path} element={<RequireAccess>{element}</RequireAccess>} />),
  ...FEATURE_ROUTES.map((path) => <Route key={path} path={relative(path)} element={<RequireAccess><ScreenPlaceholder /></RequireAccess>} />),
  <Route key="*" path="*" element={<Navigate to="/404" replace />} />,
];
