import type { App } from '../../app';
import { sameOrigin, TEST_ADMIN_PASSWORD } from '../../test/test-app';
import { sessionCookie } from '../accounts/accounts-test-support';

/** Signs the seeded administrator in through POST /api/admin/login and returns the session cookie. */
export async function signInSeededAdmin(app: App): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: sameOrigin,
    payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}

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
