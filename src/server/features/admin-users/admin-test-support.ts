import type { App } from '../../app';
import { freshIp } from '../../test/requests';
import { sameOrigin } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A same-origin request with a cookie (and a JSON body when given). */
export function send(app: App, method: Method, url: string, cookie: string | undefined, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    remoteAddress: freshIp(),
  });
}
