import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPolicyListSchema,
  adminPolicySchema,
  policyInputSchema,
  policyKindParamsSchema,
} from '../../../shared/schemas/policies';
import type { AdminDeps } from '../admin';
import { policiesRoutes } from '../policies';
import { createAdminPoliciesService } from './admin-policies.service';

/**
 * The admin Policies API (docs/admin.md#policies). The administrator check comes from
 * plugins/admin-guard.ts for every /api/admin/* path. It also registers the public read
 * (GET /api/policies/{kind}), which belongs to the same table.
 */
export const adminPoliciesRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(policiesRoutes({ db: deps.db }));
    const policies = createAdminPoliciesService(deps);

    app.get('/api/admin/policies', { schema: { response: { 200: adminPolicyListSchema } } }, async () =>
      policies.listPolicies(),
    );

    app.put(
      '/api/admin/policies/:kind',
      {
        schema: {
          params: policyKindParamsSchema,
          body: policyInputSchema,
          response: { 200: adminPolicySchema },
        },
      },
      async (request) => policies.updatePolicy(request, request.params.kind, request.body),
    );
  };
