import { RECORD_RESOURCES } from '../schema/resources';
import { type ResourceScreens, recordScreens } from '../ui/records/recordResource';

/**
 * Every folder here is a resource's screens: its index.ts default-exports them (recordScreens for a record
 * definition, resourceProps for a screen of its own), or several alike (the reports). A record definition of
 * schema/resources needs no folder at all: its screens are built from it.
 */
const folders = import.meta.glob<ResourceScreens | ResourceScreens[]>('./*/index.ts', {
  eager: true,
  import: 'default',
});

/** Each folder's screens, by folder (and resource name when a folder has several). */
export const FOLDER_SCREENS: Readonly<Record<string, ResourceScreens>> = Object.fromEntries(
  Object.entries(folders).flatMap(([folder, screens]) =>
    Array.isArray(screens)
      ? screens.map((one) => [`${folder}#${one.name}`, one] as const)
      : [[folder, screens] as const],
  ),
);

const ownScreens = Object.values(FOLDER_SCREENS).filter((screens) => !screens.definition);
const byDefinition = new Map(
  Object.values(FOLDER_SCREENS)
    .filter((screens) => screens.definition)
    .map((screens) => [screens.definition!, screens]),
);

/** The resources of the app: the screens of their own, then each record definition's (its folder's, or built). */
export const RESOURCES: ResourceScreens[] = [
  ...ownScreens,
  ...RECORD_RESOURCES.map((def) => byDefinition.get(def) ?? recordScreens(def)),
];

/** The app paths resources own; their routes replace the placeholders. */
export const RESOURCE_PATHS = RESOURCES.map((resource) => `/app/${resource.name}`);
