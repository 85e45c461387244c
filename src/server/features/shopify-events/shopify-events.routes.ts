import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  describeReconcileResult,
  SHOPIFY_RECONCILE_PATH,
  shopifyReconcileResponseSchema,
} from '../../../shared/schemas/shopify-reconcile';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../errors';
import type { AdminDeps } from '../admin';
import { RECONCILE_REQUEST_BUDGET_MS, ReconcileInProgressError, reconcileOrders } from './reconcile-orders';
import { shopifyWebhookRoutes } from './shopify-webhooks.routes';

/**
 * Shopify's events reaching the portal (issue 8 'Webhooks'): the webhook endpoint and the administrator's
 * 'Check Shopify now'. In test mode (no store, docs/shopify.md#test-mode) the webhook path does not exist
 * (404) and the check answers 'Shopify is not connected'.
 */
export const shopifyEventsRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, env, shopify } = deps;
    if (shopify) await app.register(shopifyWebhookRoutes({ db, shopify }));

    // An administrator route (plugins/admin-guard.ts): reads the open orders back from Shopify now, for at
    // most RECONCILE_REQUEST_BUDGET_MS (the rest next time), and never while another run is going.
    app.post(
      SHOPIFY_RECONCILE_PATH,
      { schema: { response: { 200: shopifyReconcileResponseSchema } } },
      async (request) => {
        if (!shopify) throw new AppError('SHOPIFY_NOT_CONNECTED', 'Shopify is not connected');
        const result = await reconcileOrders(
          { db, env, shopify, log: request.log },
          { budgetMs: RECONCILE_REQUEST_BUDGET_MS },
        ).catch((error: unknown) => {
          if (!(error instanceof ReconcileInProgressError)) throw error;
          throw new AppError('CONFLICT', 'Shopify is already being checked. Try again in a minute.');
        });
        await recordAudit(db, request, {
          action: 'shopify.reconcile',
          entityType: 'order',
          entityId: null,
          after: result,
        });
        return { message: describeReconcileResult(result), ...result };
      },
    );
  };
