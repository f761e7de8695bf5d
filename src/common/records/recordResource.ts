import type { ComponentType, LazyExoticComponent } from 'react';
import type { ResourceProps } from 'react-admin';
import { type ResourceFeatures, registerResourcePath } from '../../../authProvider/routes';
import { type ResourceEndpoints, registerRestEndpoints } from '../../../dataProvider/endpoints';

export interface RecordResourceConfig {
  /** react-admin's name, which is also the route below /app: 'management/brokers'. */
  name: string;
  /** The API controller: '/api/Brokers' (DESIGN.md §3 record routes). */
  api: string;
  /** The features whose permissions govern it (read with any, written with any); by default /app/<name>. */
  features?: ResourceFeatures;
  /** Calls that differ from the controller's usual shape. */
  endpoints?: Partial<ResourceEndpoints>;
}

export interface RecordResource {
  name: string;
  /** The list's address: /app/management/brokers. */
  path: string;
  /** SPEC.md §2 edit screens: /app/<name>/{id}/edit. */
  editPath: (id: string | number) => string;
  createPath: string;
  endpoints: ResourceEndpoints;
}

/** Registers a resource's API calls and the features that govern it; returns its addresses. */
export function registerRecordResource({ name, api, features, endpoints }: RecordResourceConfig): RecordResource {
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

type Screen = LazyExoticComponent<ComponentType>;

/** The <Resource> props of a record screen: its lazy list/create/edit and its sidebar label. */
export function resourceProps(resource: RecordResource, screens: { list: Screen; create?: Screen; edit?: Screen }, extra: Partial<ResourceProps> & { label: string }): ResourceProps {
  const { label, ...rest } = extra;
  return { name: resource.name, ...screens, options: { label }, ...rest };
}
