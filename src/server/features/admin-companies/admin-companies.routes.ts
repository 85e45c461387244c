import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCompanyMemberRequestSchema,
  adminCompanyDetailSchema,
  adminCompanyListQuerySchema,
  adminCompanyListResponseSchema,
  adminCompanyLocationParamsSchema,
  adminCompanyMemberParamsSchema,
  adminCompanyMessageSchema,
  adminCompanyParamsSchema,
  mergeCompanyRequestSchema,
  mergeCompanyResponseSchema,
  taxExemptionRequestSchema,
  updateCompanyMemberRoleRequestSchema,
} from '../../../shared/schemas/admin-companies';
import type { AdminDeps } from '../admin';
import { requireAdmin } from '../../plugins/admin-guard';
import { createAdminCompaniesService } from './admin-companies.service';
import { saveTaxExemption } from './tax-exemptions';
import { saveCompanySettings } from './company-settings';
import { updateCompanySettingsRequestSchema } from '../../../shared/schemas/credit';

/** The acting administrator and their address, for the audit log. */
const actorOf = (request: FastifyRequest) => ({ user: requireAdmin(request), ip: request.ip });

/**
 * The admin Companies API (docs/companies.md#admin-companies). The administrator check comes from
 * plugins/admin-guard.ts, and every change names its administrator (actorOf); each is audited by the service
 * in its own transaction.
 */
export const adminCompaniesRoutes =
  ({ db }: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAdminCompaniesService({ db });

    app.get(
      '/api/admin/companies',
      {
        schema: {
          querystring: adminCompanyListQuerySchema,
          response: { 200: adminCompanyListResponseSchema },
        },
      },
      async (request) => service.list(request.query),
    );

    // A location's tax exemption (docs/companies.md#tax-exemption): set, or removed.
    app.put(
      '/api/admin/companies/:id/locations/:locationId/tax-exemption',
      {
        schema: {
          params: adminCompanyLocationParamsSchema,
          body: taxExemptionRequestSchema,
          response: { 200: adminCompanyMessageSchema },
        },
      },
      async (request) => ({
        message: await saveTaxExemption(
          db,
          actorOf(request),
          request.params.id,
          request.params.locationId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/admin/companies/:id/locations/:locationId/tax-exemption',
      { schema: { params: adminCompanyLocationParamsSchema, response: { 200: adminCompanyMessageSchema } } },
      async (request) => ({
        message: await saveTaxExemption(
          db,
          actorOf(request),
          request.params.id,
          request.params.locationId,
          null,
        ),
      }),
    );

    app.get(
      '/api/admin/companies/:id',
      { schema: { params: adminCompanyParamsSchema, response: { 200: adminCompanyDetailSchema } } },
      async (request) => service.detail(request.params.id),
    );

    // The credit limit and reorder reminder settings (docs/credit.md#credit-limit).
    app.patch(
      '/api/admin/companies/:id',
      {
        schema: {
          params: adminCompanyParamsSchema,
          body: updateCompanySettingsRequestSchema,
          response: { 200: adminCompanyMessageSchema },
        },
      },
      async (request) => ({
        message: await saveCompanySettings(db, actorOf(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/api/admin/companies/:id/members/:userId',
      {
        schema: {
          params: adminCompanyMemberParamsSchema,
          body: updateCompanyMemberRoleRequestSchema,
          response: { 200: adminCompanyMessageSchema },
        },
      },
      async (request) => ({
        message: await service.changeRole(
          actorOf(request),
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
      }),
    );

    app.post(
      '/api/admin/companies/:id/members',
      {
        schema: {
          params: adminCompanyParamsSchema,
          body: addCompanyMemberRequestSchema,
          response: { 200: adminCompanyMessageSchema },
        },
      },
      async (request) => ({
        message: await service.addMember(
          actorOf(request),
          request.params.id,
          request.body.userId,
          request.body.role,
        ),
      }),
    );

    app.post(
      '/api/admin/companies/:id/merge',
      {
        schema: {
          params: adminCompanyParamsSchema,
          body: mergeCompanyRequestSchema,
          response: { 200: mergeCompanyResponseSchema },
        },
      },
      async (request) => service.merge(actorOf(request), request.params.id, request.body.fromCompanyId),
    );
  };
