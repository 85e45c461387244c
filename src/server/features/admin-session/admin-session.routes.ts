import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginRequestSchema } from '../../../shared/schemas/admin-session';
import { currentUserSchema, messageResponseSchema } from '../../../shared/schemas/auth';
import { AppError } from '../../errors';
import type { Sessions } from '../../plugins/session';
import { toCurrentUser } from '../accounts';
import type { AdminSessionService } from './admin-session.service';

function retryAfterOf(error: AppError): number | undefined {
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  return typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined;
}

/** Administrator sign-in, sign-out and "who is signed in" (docs/admin.md#admin-access). */
export const adminSessionRoutes =
  (service: AdminSessionService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/login',
      { schema: { body: adminLoginRequestSchema, response: { 200: currentUserSchema } } },
      async (request, reply) => {
        let user;
        try {
          user = await service.verifyAdmin(request.body, request.ip);
        } catch (error) {
          // Who tried and from where, never the password (docs/security.md#administrator-sign-in).
          request.log.warn(
            { username: request.body.username, ip: request.ip },
            'administrator sign-in refused',
          );
          const wait = error instanceof AppError ? retryAfterOf(error) : undefined;
          if (wait) reply.header('retry-after', String(wait));
          throw error;
        }
        request.log.info({ adminId: user.id }, 'administrator signed in');
        await sessions.signIn(request, reply, user);
        return toCurrentUser(user);
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
