import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USERS_SUCCESS,
  adminUserChangeResponseSchema,
  adminUserListSchema,
  adminUserMessageSchema,
  approveUserRequestSchema,
  createUserRequestSchema,
  pendingUserListSchema,
  resetUserPasswordRequestSchema,
  paymentTermsOptionsResponseSchema,
  updateUserPaymentTermsRequestSchema,
  updateUserRoleRequestSchema,
} from '../../../shared/schemas/admin-users';
import { MAX_ID } from '../../../shared/limits';
import type { AdminDeps } from '../admin';
import { actorOf, createAdminUsersService } from './admin-users.service';
import { createPaymentTermsService } from './payment-terms.service';

const userIdParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(MAX_ID),
});

/**
 * The admin users API (docs/admin.md#users). The administrator check comes from plugins/admin-guard.ts;
 * every change is audited by the service in its own transaction.
 */
export const adminUsersRoutes =
  ({ db, env, shopify }: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAdminUsersService({ db, env });
    const terms = createPaymentTermsService({ db, shopify });

    app.get('/api/admin/users', { schema: { response: { 200: adminUserListSchema } } }, async () =>
      service.list(),
    );

    app.post(
      '/api/admin/users',
      { schema: { body: createUserRequestSchema, response: { 201: adminUserChangeResponseSchema } } },
      async (request, reply) => {
        const user = await service.create(actorOf(request), request.body);
        reply.code(201);
        return { message: ADMIN_USERS_SUCCESS.created, user };
      },
    );

    app.post(
      '/api/admin/users/:userId/reset-password',
      {
        schema: {
          params: userIdParamsSchema,
          body: resetUserPasswordRequestSchema,
          response: { 200: adminUserMessageSchema },
        },
      },
      async (request) => {
        await service.resetPassword(actorOf(request), request.params.userId, request.body.password);
        return { message: ADMIN_USERS_SUCCESS.passwordReset };
      },
    );

    app.post(
      '/api/admin/users/:userId/password-setup-link',
      { schema: { params: userIdParamsSchema, response: { 200: adminUserMessageSchema } } },
      async (request) => {
        await service.sendPasswordSetupLink(actorOf(request), request.params.userId);
        return { message: ADMIN_USERS_SUCCESS.passwordSetupLinkSent };
      },
    );

    app.patch(
      '/api/admin/users/:userId/role',
      {
        schema: {
          params: userIdParamsSchema,
          body: updateUserRoleRequestSchema,
          response: { 200: adminUserChangeResponseSchema },
        },
      },
      async (request) => {
        const user = await service.updateRole(actorOf(request), request.params.userId, request.body.role);
        return { message: ADMIN_USERS_SUCCESS.roleUpdated, user };
      },
    );

    app.get(
      '/api/admin/payment-terms',
      { schema: { response: { 200: paymentTermsOptionsResponseSchema } } },
      async () => terms.options(),
    );

    app.patch(
      '/api/admin/users/:userId/payment-terms',
      {
        schema: {
          params: userIdParamsSchema,
          body: updateUserPaymentTermsRequestSchema,
          response: { 200: adminUserChangeResponseSchema },
        },
      },
      async (request) => {
        const user = await terms.set(actorOf(request), request.params.userId, request.body.paymentTerms);
        return { message: ADMIN_USERS_SUCCESS.paymentTermsUpdated, user };
      },
    );

    app.get('/api/admin/pending-users', { schema: { response: { 200: pendingUserListSchema } } }, async () =>
      service.listPending(),
    );

    app.post(
      '/api/admin/users/:userId/approve',
      {
        schema: {
          params: userIdParamsSchema,
          body: approveUserRequestSchema,
          response: { 200: adminUserMessageSchema },
        },
      },
      async (request) => ({
        message: await service.decide(actorOf(request), request.params.userId, request.body.decision),
      }),
    );
  };
