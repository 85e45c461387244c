import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POLICY_MESSAGES, policyKindParamsSchema } from '../../../shared/schemas/policies';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { createJsonSnapshot, sendJsonSnapshot } from '../../http/etag';
import { findPolicy, toPublicPolicy } from './policies.repository';

/**
 * GET /api/policies/{kind}: the Terms & Conditions or the Privacy Policy, for anyone
 * (docs/storefront.md#policy-pages, docs/security.md#access-control): the pages the footer links to must
 * open for a visitor who has no account yet. A few hundred bytes to a few KB, with an ETag and
 * `Cache-Control: no-cache`, so a copy is kept but an edit shows at once. Registered by the admin Policies
 * plugin (admin-policies.routes.ts), which owns the table.
 */
export const policiesRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/policies/:kind', { schema: { params: policyKindParamsSchema } }, async (request, reply) => {
      const row = await findPolicy(db, request.params.kind);
      if (!row) throw new AppError('NOT_FOUND', POLICY_MESSAGES.notFound);
      return sendJsonSnapshot(request, reply, createJsonSnapshot(toPublicPolicy(row)));
    });
  };
