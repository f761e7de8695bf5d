import { normalisePath } from '../../../../authProvider/access';
import { ANY_ROUTES } from '../../../../authProvider/routes';
import { FEATURES } from '../../../../schema/features';
import { NAV_FEATURES, RECORD_RESOURCES } from '../../../../schema/resources';

/**
 * The screens of the signed-in app, read off the declarations the router and the guards use (the features, the
 * resources' sidebar entries and lists, the routes open to any signed-in user), so a new screen is here at once and
 * a test asks for its section in docs/routing.md. A screen's create, edit and record pages belong to it.
 */
export const SCREEN_PATHS: readonly string[] = [
  ...new Set([...FEATURES.map((f) => f.uri), ...NAV_FEATURES.map((f) => f.uri), ...RECORD_RESOURCES.map((def) => def.route), ...ANY_ROUTES]),
];

/** The id of a screen's section on the routing page: /app/books/bookorders → screen-books-bookorders. */
export const screenAnchor = (path: string) => `screen-${path.replace(/^\/app\//, '').replace(/\//g, '-')}`;

/** Screens whose help is a page of its own rather than their routing section. */
const OWN_PAGES: Readonly<Record<string, string>> = {
  '/app/permissions': '/docs/feature-permissions',
  '/app/settings': '/docs/authentication#connected-apps',
};

/** The screen an address shows: the longest screen path it is, or is under, once ids and edit/create are taken off. */
export function screenOf(pathname: string): string | null {
  const { path } = normalisePath(pathname);
  let best: string | null = null;
  for (const screen of SCREEN_PATHS) if ((path === screen || path.startsWith(`${screen}/`)) && screen.length > (best?.length ?? 0)) best = screen;
  return best;
}

/** Where the help of the screen at `pathname` is in the documentation (null off the app's screens). */
export function screenHelp(pathname: string): string | null {
  const screen = screenOf(pathname);
  if (!screen) return null;
  return OWN_PAGES[screen] ?? `/docs/routing#${screenAnchor(screen)}`;
}

/** Every in-app help address, for the test that each leads to a heading that exists. */
export const allScreenHelp = (): string[] => SCREEN_PATHS.map((screen) => OWN_PAGES[screen] ?? `/docs/routing#${screenAnchor(screen)}`);
