import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEnrolledSignInSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  totpCodeRequestSchema,
  totpSetupSchema,
} from '../../../shared/schemas/admin-session';
import { currentUserSchema, messageResponseSchema } from '../../../shared/schemas/auth';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { Sessions } from '../../plugins/session';
import { toCurrentUser } from '../accounts';
import type { AdminSessionService } from './admin-session.service';
import { signInCookies } from './sign-in-cookies';

function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof AppError)) return undefined;
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  return typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined;
}

/**
 * Administrator sign-in, sign-out and "who is signed in" (docs/admin.md#admin-access), with the second
 * factor's step and the device cookies (docs/security.md#administrator-sign-in). The sign-in routes are
 * public (plugins/admin-guard.ts PUBLIC_ADMIN_ROUTES).
 */
export const adminSessionRoutes =
  (service: AdminSessionService, sessions: Sessions, env: Pick<Env, 'APP_ORIGIN'>): FastifyPluginAsyncZod =>
  async (app) => {
    const cookies = signInCookies(env);

    /** Runs a sign-in step; a refusal is logged with who and from where, never the password or code. */
    async function attempt<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      what: string,
      who: Record<string, unknown>,
      step: () => Promise<T>,
    ): Promise<T> {
      try {
        return await step();
      } catch (error) {
        request.log.warn({ ...who, ip: request.ip }, `administrator ${what} refused`);
        const wait = retryAfterOf(error);
        if (wait) reply.header('retry-after', String(wait));
        throw error;
      }
    }

    /** The sign-in is complete: a new session, a renewed device cookie, the pending step forgotten. */
    async function finishSignIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      request.log.info({ adminId: user.id }, 'administrator signed in');
      await sessions.signIn(request, reply, user);
      cookies.setDevice(reply, await service.trustDevice(user.id, cookies.read(request).deviceToken));
      if (cookies.read(request).challengeToken) cookies.clearPending(reply);
    }

    app.post(
      '/api/admin/login',
      { schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } } },
      async (request, reply) => {
        const step = await attempt(request, reply, 'sign-in', { username: request.body.username }, () =>
          service.signIn(request.body, request.ip, cookies.read(request)),
        );
        if (step.kind === 'second-step') {
          request.log.info({ adminId: step.userId }, 'administrator password accepted, second step pending');
          cookies.setPending(reply, step.challengeToken);
          return { totpRequired: true as const, mustEnrol: step.mustEnrol };
        }
        await finishSignIn(request, reply, step.user);
        return toCurrentUser(step.user);
      },
    );

    app.post(
      '/api/admin/login/code',
      { schema: { body: totpCodeRequestSchema, response: { 200: currentUserSchema } } },
      async (request, reply) => {
        const user = await attempt(request, reply, 'sign-in code', {}, () =>
          service.completeWithCode(request.body.code, request.ip, cookies.read(request)),
        );
        await finishSignIn(request, reply, user);
        return toCurrentUser(user);
      },
    );

    app.post(
      '/api/admin/login/enrolment',
      { schema: { response: { 200: totpSetupSchema } } },
      async (request) => service.beginEnrolment(cookies.read(request)),
    );

    app.post(
      '/api/admin/login/enrolment/confirm',
      { schema: { body: totpCodeRequestSchema, response: { 200: adminEnrolledSignInSchema } } },
      async (request, reply) => {
        const { user, recoveryCodes } = await attempt(request, reply, 'two-factor set-up', {}, () =>
          service.confirmEnrolment(request.body.code, request.ip, cookies.read(request)),
        );
        await finishSignIn(request, reply, user);
        return { user: toCurrentUser(user), recoveryCodes };
      },
    );

    // 401 for anyone but an administrator: the admin portal treats it as "no admin signed in".
    app.get('/api/admin/user', { schema: { response: { 200: currentUserSchema } } }, (request) => {
      if (request.user?.role !== 'admin') {
        throw new AppError('UNAUTHENTICATED', 'Please sign in as an administrator.');
      }
      return toCurrentUser(request.user);
    });

    app.post(
      '/api/admin/logout',
      { schema: { response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        await sessions.signOut(request, reply);
        return { message: 'Logged out' };
      },
    );
  };
