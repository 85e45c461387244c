import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env';
import { DEVICE_COOKIE_TTL_MS, LOGIN_CHALLENGE_TTL_MS, type SignInCookies } from './admin-session.service';

/**
 * The two cookies of administrator sign-in besides the session (docs/security.md#administrator-sign-in),
 * both HttpOnly, SameSite=Strict, Secure on https and sent only to the sign-in routes (path
 * /api/admin/login, which covers /api/admin/login/…): the device cookie of a browser that has signed in
 * before, and the pending sign-in waiting for its second step. `__Secure-` on https (`__Host-` would need
 * path /).
 */
export const SIGN_IN_COOKIE_PATH = '/api/admin/login';

export function signInCookies(env: Pick<Env, 'APP_ORIGIN'>) {
  const secure = env.APP_ORIGIN.startsWith('https:');
  const prefix = secure ? '__Secure-' : '';
  const device = `${prefix}admin_device`;
  const pending = `${prefix}admin_login`;
  const options = { path: SIGN_IN_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure } as const;

  return {
    device,
    pending,
    /** The device and pending sign-in tokens the request carries. */
    read(request: FastifyRequest): SignInCookies {
      return { deviceToken: request.cookies[device], challengeToken: request.cookies[pending] };
    },
    setDevice(reply: FastifyReply, token: string) {
      reply.setCookie(device, token, { ...options, maxAge: DEVICE_COOKIE_TTL_MS / 1000 });
    },
    setPending(reply: FastifyReply, token: string) {
      reply.setCookie(pending, token, { ...options, maxAge: LOGIN_CHALLENGE_TTL_MS / 1000 });
    },
    clearPending(reply: FastifyReply) {
      reply.clearCookie(pending, options);
    },
  };
}
