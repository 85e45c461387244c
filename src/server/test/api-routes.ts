import type { App } from '../app';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API route of the app, read from Fastify's own route table (HEAD and OPTIONS left out). */
export function apiRoutes(app: App): Array<{ method: ApiMethod; url: string }> {
  const routes: Array<{ method: ApiMethod; url: string }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    for (const method of match[2].split(', ')) {
      if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        routes.push({ method: method as ApiMethod, url: match[1] });
      }
    }
  }
  return routes;
}
