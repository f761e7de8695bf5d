import { type ResourceFeatures, registerResourcePath } from '../../authProvider/routes';
import { type ResourceEndpoints, registerRestEndpoints } from '../../dataProvider/endpoints';
import type { AnyResource } from '../../schema/define/resource';
import { FEATURES } from '../../schema/features';

/**
 * The resources the web app knows: each one's API calls (dataProvider) and governing features (authProvider), and
 * for a record definition the definition itself, found by react-admin's resource name. The screens (recordResource.ts)
 * and the shared pieces that read a definition (DefinitionList, ExpiryChips …) both come here; nothing here imports them.
 */
export interface RecordResource {
  name: string;
  /** The list's address: /app/management/brokers. */
  path: string;
  /** Edit screens: /app/<name>/{id}/edit (docs/routing.md#how-addresses-work). */
  editPath: (id: string | number) => string;
  createPath: string;
  endpoints: ResourceEndpoints;
}

/** Registers a resource's API calls and the features that govern it (by their screens' paths); returns its addresses. */
export function registerRecordResource({
  name,
  api,
  features,
  endpoints,
}: {
  name: string;
  api: string;
  features?: ResourceFeatures;
  endpoints?: Partial<ResourceEndpoints>;
}): RecordResource {
  const path = `/app/${name}`;
  registerResourcePath(name, features ?? path);
  return {
    name,
    path,
    editPath: (id) => `${path}/${id}/edit`,
    createPath: `${path}/create`,
    endpoints: registerRestEndpoints(name, api, endpoints),
  };
}

const uriOf = (key: string) => FEATURES.find((feature) => feature.key === key)!.uri;

/** A definition's API calls and governing features, registered once (the registry and a screen folder may both ask). */
const registered = new Map<AnyResource, RecordResource>();
const byName = new Map<string, AnyResource>();
export function resourceOf(def: AnyResource): RecordResource {
  let resource = registered.get(def);
  if (!resource) {
    resource = registerRecordResource({
      name: def.name,
      api: def.api,
      features: { read: def.readFeatures.map(uriOf), write: def.writeFeatures.map(uriOf) },
      endpoints: def.listApi ? { list: def.listApi } : undefined,
    });
    registered.set(def, resource);
    byName.set(def.name, def);
  }
  return resource;
}

/** The definition behind a react-admin resource name, if it has one (book orders and the boards do not). */
export const maybeDefinitionOf = (name: string | undefined): AnyResource | undefined =>
  name ? byName.get(name) : undefined;

/** The definition behind a react-admin resource name, once its screens are registered. */
export function definitionOf(name: string): AnyResource {
  const def = byName.get(name);
  if (!def)
    throw new Error(
      `No record definition is registered for the resource "${name}": add it to schema/resources/index.ts`,
    );
  return def;
}
