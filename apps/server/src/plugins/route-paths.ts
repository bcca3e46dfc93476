/**
 * Where a route is registered, read from the contract's route table (issue 26): each path is
 * spelled once, in `ROUTES` (packages/api-contract/src/routes.ts), which also names the route in
 * the API document and in the web app's client. The modules register under the `/api` prefix
 * (app.ts), so a path is given without it.
 */
import { ROUTES, type RouteName } from '@mindspend/api-contract';

const API_PREFIX = '/api';

/** The route's path under the `/api` prefix: `apiPath('getAccount')` is `/accounts/:id`. */
export function apiPath(name: RouteName): string {
  const { path } = ROUTES[name];
  if (!path.startsWith(`${API_PREFIX}/`)) throw new Error(`${name} (${path}) is not registered under ${API_PREFIX}`);
  return path.slice(API_PREFIX.length);
}
