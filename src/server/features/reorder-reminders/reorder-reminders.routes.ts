import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import {
  dueRemindersResponseSchema,
  REORDER_REMINDER_MESSAGES,
  reorderLinkRequestSchema,
  reorderLinkResponseSchema,
  reorderReminderSettingResponseSchema,
  reorderReminderSettingSchema,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PATH,
  unsubscribeQuerySchema,
  sendReminderParamsSchema,
  SEND_REMINDER_MESSAGES,
} from '../../../shared/schemas/reorder-reminders';
import { requireAdmin } from '../../plugins/admin-guard';
import { requireUser, type Sessions } from '../../plugins/session';
import { ROUTE_RATE_LIMITS } from '../../security/rate-limits';
import type { ReorderRemindersService } from './reorder-reminders.service';

/** The form bodies RFC 8058 lets a mail client post ('List-Unsubscribe=One-Click'); read and ignored. */
const ONE_CLICK_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * POST /api/reorder-reminders/unsubscribe?token=, in a scope of its own so that only this route reads form
 * bodies (docs/security.md#cross-site-requests): the secret in the address is what authorises it, so the
 * origin check lets it through (plugins/origin-check.ts CROSS_ORIGIN_EXEMPT_PATHS), and the body says
 * nothing that matters.
 */
const oneClickUnsubscribe =
  (reminders: ReorderRemindersService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (scope) => {
    scope.addContentTypeParser(
      ONE_CLICK_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, _body, done) => done(null, undefined),
    );
    scope.post(
      UNSUBSCRIBE_API_PATH,
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.unsubscribe },
        schema: { querystring: unsubscribeQuerySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const { userId } = await reminders.unsubscribe(request.query.token);
        if (userId !== null) sessions.otherUserChanged(userId);
        return { message: REORDER_REMINDER_MESSAGES.unsubscribed };
      },
    );
  };

/**
 * Reorder reminders' routes (docs/reorder-reminders.md): the e-mail's unsubscribe (signed out, also posted
 * cross-site by mail providers) and one-click link, the person's own setting, and admin's 'Due this week'
 * (the administrator check is plugins/admin-guard.ts).
 */
export const reorderRemindersRoutes =
  (reminders: ReorderRemindersService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(oneClickUnsubscribe(reminders, sessions));

    // A mail client without one-click support opens the List-Unsubscribe address in a browser: it gets the
    // unsubscribe page, whose button posts. A GET changes nothing (RFC 8058).
    app.get(
      UNSUBSCRIBE_API_PATH,
      { schema: { querystring: unsubscribeQuerySchema } },
      async (request, reply) =>
        reply.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`, 303),
    );

    // The page of the e-mail's link posts this when the person presses the button (scanners only GET).
    app.post(
      '/api/reorder-link',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.reorderLink },
        schema: { body: reorderLinkRequestSchema, response: { 200: reorderLinkResponseSchema } },
      },
      async (request, reply) => {
        const { user, orderId } = await reminders.consumeLink(request.body.token);
        await sessions.signIn(request, reply, user);
        return { orderId, redirectTo: `/orders/${orderId}/reorder` };
      },
    );

    app.put(
      '/api/account/reorder-reminders',
      {
        schema: {
          body: reorderReminderSettingSchema,
          response: { 200: reorderReminderSettingResponseSchema },
        },
      },
      async (request) => {
        const enabled = await reminders.setOwnSetting(requireUser(request), request.body.enabled);
        sessions.userChanged(request);
        return { message: REORDER_REMINDER_MESSAGES.settingSaved, enabled };
      },
    );

    app.get(
      '/api/admin/reorder-reminders/due',
      { schema: { response: { 200: dueRemindersResponseSchema } } },
      async () => ({ companies: await reminders.dueReminders(new Date()) }),
    );

    // Staff's 'Send now' from 'Due this week' (docs/reorder-reminders.md#staff-settings), audited.
    app.post(
      '/api/admin/reorder-reminders/:companyId/send',
      { schema: { params: sendReminderParamsSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const actor = { user: requireAdmin(request), ip: request.ip };
        const email = await reminders.sendNow(actor, request.params.companyId, new Date());
        return { message: SEND_REMINDER_MESSAGES.sent(email) };
      },
    );
  };
