import type { App } from '../app';
import { sameOrigin } from './test-app';

/** Requests as the portal's pages send them, for tests of every feature. */

let ipCounter = 0;
/** A fresh client address per test, so the per-IP limits of one test never touch another. */
export const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export interface RequestOptions {
  /** The client address; a fresh one unless given. */
  ip?: string;
  cookie?: string | undefined;
}

/** A same-origin POST with the cookie (if any), from `ip` (a fresh one unless given); no body when undefined. */
export function post(app: App, url: string, payload: unknown, options: RequestOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...sameOrigin, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: options.ip ?? freshIp(),
  });
}

export function get(app: App, url: string, options: RequestOptions = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** "sid=..." from a response's Set-Cookie, or undefined. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'sid' && candidate.value !== '');
  return cookie ? `sid=${cookie.value}` : undefined;
}
