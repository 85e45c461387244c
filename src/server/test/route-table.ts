import type { App } from '../app';

/** A route of the running app: its method and its path pattern ('/api/orders/:id'). */
export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route of the running app whose path starts with `prefix`, from Fastify's own route table (tests of
 * every feature). The table is a tree: a route whose path extends another's is printed as its child with the
 * rest of the path (`/api/admin/user` then `s` for `/api/admin/users`), so each line's path is its parent's
 * plus its own. HEAD and OPTIONS are left out.
 */
export function routesOf(app: App, prefix: string): RouteEntry[] {
  const table = app.printRoutes({ commonPrefix: false });
  const entries: RouteEntry[] = [];
  const pathAtDepth: string[] = [];
  for (const line of table.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const url = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + segment;
    pathAtDepth.length = depth;
    pathAtDepth[depth] = url;
    if (!url.startsWith(prefix) || !methods) continue;
    for (const method of methods.split(',').map((name) => name.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') entries.push({ method, url });
    }
  }
  return entries;
}
