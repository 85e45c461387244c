import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  currentUserSchema,
  emailRequestSchema,
  GENERIC_LINK_MESSAGE,
  linkInfoResponseSchema,
  magicLinkRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  updateProfileRequestSchema,
  validateResetTokenResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '../../../shared/schemas/auth';
import { sessionResponseSchema } from '../../../shared/schemas/current-user';
import { MAX_ID } from '../../../shared/limits';
import { safeReturnPath } from '../../../shared/return-path';
import { SESSION_HINT_COOKIE } from '../../../shared/session-hint';
import { requireUser, type Sessions } from '../../plugins/session';
import { ROUTE_RATE_LIMITS } from '../../security/rate-limits';
import { toCurrentUser, type AccountsService } from './accounts.service';

export const REGISTRATION_SUBMITTED = 'Registration submitted';
export const RESET_REQUESTED_MESSAGE = "If your email is registered, you'll receive instructions shortly.";

const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Registration, magic-link sign-in, the session user, My Account and password reset
 * (docs/accounts-and-roles.md).
 */
export const accountsRoutes =
  (accounts: AccountsService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (app) => {
    // One answer whether the address was new or already known (docs/security.md#sign-in-and-enumeration).
    app.post(
      '/api/register',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.register },
        schema: { body: registerRequestSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await accounts.register(request.body);
        return { message: REGISTRATION_SUBMITTED };
      },
    );

    // One answer for every address and status, also beyond the send limits
    // (docs/security.md#sign-in-and-enumeration, docs/security.md#rate-limits). `next`, a same-origin path,
    // travels in the e-mailed link (docs/accounts-and-roles.md#magic-links).
    app.post(
      '/api/request-magic-link',
      { schema: { body: magicLinkRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await accounts.requestMagicLink(request.body.email, request.ip, request.body.next);
        return { message: GENERIC_LINK_MESSAGE };
      },
    );

    // The confirmation page asks this before the person presses 'Sign in' (docs/security.md#link-tokens).
    app.post(
      '/api/auth/link-info',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.verify },
        schema: { body: tokenRequestSchema, response: { 200: linkInfoResponseSchema } },
      },
      async (request) => accounts.describeMagicLink(request.body.token),
    );

    app.post(
      '/api/auth/verify',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.verify },
        schema: { body: verifyRequestSchema, response: { 200: verifyResponseSchema } },
      },
      async (request, reply) => {
        const user = await accounts.consumeMagicLink(request.body.token);
        await sessions.signIn(request, reply, user);
        return { user: toCurrentUser(user), redirectTo: safeReturnPath(request.body.next) };
      },
    );

    app.get('/api/user', { schema: { response: { 200: currentUserSchema } } }, (request) =>
      toCurrentUser(requireUser(request)),
    );

    // For the browser: 200 with or without a session (GET /api/user answers a visitor 401,
    // docs/accounts-and-roles.md#sessions).
    app.get(
      '/api/session',
      { schema: { response: { 200: sessionResponseSchema } } },
      async (request, reply) => {
        if (!request.user && request.cookies[SESSION_HINT_COOKIE]) sessions.clearHint(reply);
        return { user: request.user ? toCurrentUser(request.user) : null };
      },
    );

    app.post(
      '/api/logout',
      { schema: { response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        await sessions.signOut(request, reply);
        return { message: 'Logged out' };
      },
    );

    // Profile fields only: e-mail, role, status and approval fields are not in the schema and are dropped.
    app.patch(
      '/api/user/:id',
      {
        schema: {
          params: userIdParamsSchema,
          body: updateProfileRequestSchema,
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const updated = await accounts.updateProfile(user, request.params.id, request.body);
        sessions.userChanged(request);
        return toCurrentUser(updated);
      },
    );

    app.post(
      '/api/change-password',
      { schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const user = requireUser(request);
        await accounts.changePassword(user, request.sessionTokenHash, request.body);
        sessions.userChanged(request);
        return { message: 'Your password has been changed successfully.' };
      },
    );

    app.post(
      '/api/request-password-reset',
      { schema: { body: emailRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await accounts.requestPasswordReset(request.body.email, request.ip);
        return { message: RESET_REQUESTED_MESSAGE };
      },
    );

    app.get(
      '/api/validate-reset-token/:token',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.resetToken },
        schema: { params: resetTokenParamsSchema, response: { 200: validateResetTokenResponseSchema } },
      },
      async (request) => ({ valid: await accounts.isResetTokenValid(request.params.token) }),
    );

    app.post(
      '/api/reset-password',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.resetToken },
        schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await accounts.resetPassword(request.body.token, request.body.password);
        return { message: 'Password reset successful' };
      },
    );
  };
