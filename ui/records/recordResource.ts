import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AnyResource } from '../../schema/define/resource';
import { type RecordResource, resourceOf } from './definitions';

/**
 * A screen loaded on demand, whose code can also be asked for ahead of its first render; `prefetch` asks for its data
 * too (the same react-query query the screen then reads).
 */
export type Screen = LazyExoticComponent<ComponentType> & {
  preload?: () => Promise<unknown>;
  prefetch?: (client: QueryClient) => void;
};

/** React's lazy, plus `preload`: the same one request, started before the screen renders (AdminApp, at start). */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: (client: QueryClient) => void,
): Screen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once, prefetch });
}

/**
 * Asks for the code of the screen at `pathname` (/app/<resource>[/create|/<id>[/edit|/show]]), if a resource has it,
 * and for its data where the screen says how.
 */
export function preloadScreen(resources: readonly ResourceScreens[], pathname: string, client?: QueryClient): void {
  const resource = resources.find((r) => pathname === `/app/${r.name}` || pathname.startsWith(`/app/${r.name}/`));
  if (!resource) return;
  const rest = pathname.slice(`/app/${resource.name}`.length);
  const screen =
    rest === '' || rest === '/'
      ? resource.list
      : rest === '/create'
        ? resource.create
        : /^\/[^/]+\/show\/?$/.test(rest)
          ? resource.show
          : /^\/[^/]+(\/edit)?\/?$/.test(rest)
            ? resource.edit
            : undefined;
  void (screen as Screen | undefined)?.preload?.();
  if (client) (screen as Screen | undefined)?.prefetch?.(client);
}

/** The screens of a resource: react-admin's <Resource> props, and the definition they come from (if any). */
export type ResourceScreens = ResourceProps & { definition?: AnyResource };

const DefaultList = lazyScreen(() => import('./DefinitionList'));
const DefaultCreate = lazyScreen(() => import('./DefinitionForms').then((m) => ({ default: m.DefinitionCreate })));
const DefaultEdit = lazyScreen(() => import('./DefinitionForms').then((m) => ({ default: m.DefinitionEdit })));

/**
 * The screens of a record definition: its list, create and edit — built from the definition (ui/records) unless the
 * resource folder gives its own (lazy, so the first page load stays small).
 */
export function recordScreens(
  def: AnyResource,
  screens: { list?: Screen; create?: Screen | null; edit?: Screen | null; show?: Screen } = {},
): ResourceScreens {
  resourceOf(def);
  return {
    name: def.name,
    list: screens.list ?? DefaultList,
    // null: no create screen (records made in a dialog of the list, or by the server).
    create: screens.create === null ? undefined : (screens.create ?? DefaultCreate),
    // null: no edit screen either (records the server alone writes).
    edit: screens.edit === null ? undefined : (screens.edit ?? DefaultEdit),
    show: screens.show,
    options: { label: `resources.${def.name}.title` },
    recordRepresentation: def.recordTitle,
    definition: def,
  };
}

/** A resource that is not a record definition (book orders, the assignment boards): its <Resource> props. */
export function resourceProps(
  resource: RecordResource,
  screens: { list: Screen; create?: Screen; edit?: Screen },
  extra: Partial<ResourceProps> & { label: string },
): ResourceScreens {
  const { label, ...rest } = extra;
  return { name: resource.name, ...screens, options: { label }, ...rest };
}
