import type { App } from '../../app';
import { sameOrigin } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A same-origin request with the given session cookie (or none). */
export function call(app: App, cookie: string | undefined, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
