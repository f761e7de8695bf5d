import type { FastifyInstance } from 'fastify';
import type { PermissionModel } from '../../../schema/accessSettings';
import type { Permission } from '../../../schema/roles';

interface OpenApiOperation {
  summary?: string;
}
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

/** Fastify's /api/X/:id as OpenAPI writes it, /api/X/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * What each permission on each feature allows, read off the routes themselves: every /api route declares the
 * feature and permission it needs (server/http/access.ts), and its OpenAPI summary says what it does. Nothing is
 * written down twice, so the model cannot drift from what the server enforces.
 */
export function permissionModel(app: FastifyInstance): PermissionModel {
  const paths = (app.swagger() as { paths?: OpenApiPaths }).paths ?? {};
  const calls: PermissionModel['calls'] = {};
  const seen = new Set<string>();
  for (const route of app.routeInventory) {
    if (!('feature' in route.access) || route.method === 'HEAD') continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const summary = paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.summary ?? '';
    const permission = route.access.permission as Permission;
    for (const feature of [route.access.feature].flat()) {
      const byPermission = (calls[feature] ??= {});
      (byPermission[permission] ??= []).push({ method: route.method, url: openApiPath(route.url), summary });
    }
  }
  for (const byPermission of Object.values(calls)) {
    for (const list of Object.values(byPermission))
      list?.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  }
  return { calls };
}
