import { centsToDecimal, centsToDollars } from '../../../shared/money';
import { ADMIN_CATALOG_MESSAGES, type ImportProductResponse } from '../../../shared/schemas/admin-catalog';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  toGid,
  type ShopifyApi,
  type ShopifyProduct,
  type ShopifyVariant,
  type VariantUpdate,
} from '../../integrations/shopify/shopify-api';
import { shopifyAppError, shopifyJobError } from '../../integrations/shopify/shopify-errors';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { PermanentJobError, type JobLogger } from '../../jobs/worker';

import { importMessage, refreshMessage, syncMessage } from './catalog-messages';
import type { ShopifyCatalog } from './shopify-catalog';
import { planCatalogChanges, toCents, type CatalogPlan, type PlanOptions } from './shopify-product-plan';
import {
  applyCatalogPlan,
  findActiveAllowedSkus,
  findLinkedRows,
  findProductRow,
  findRowsWithPendingPricePush,
  lockProductRows,
  variantPushJob,
  type VariantPushField,
} from './shopify-rows.repository';
import type { ProductRow } from '../../db/schema';

/**
 * Every status, not only Shopify's default `active` (docs/shopify.md#catalogue-read): a linked product that
 * was archived or set to draft must still get its price and stock refreshed.
 */
export const ALL_PRODUCT_STATUSES = 'status:active,draft,archived,unlisted';

/**
 * Only the bundle and the tester are never priced from their row (docs/catalogue-and-pricing.md#the-tester):
 * no price to push.
 */
const hasOwnPrice = (row: ProductRow) => !row.isVirtual && !row.isTester;

/**
 * What Sync changes on one linked variant so Shopify matches the portal: the retail price (rows priced from
 * their own row) and the portal's visibility metafield. Null when both already match.
 */
function syncUpdate(row: ProductRow, variant: ShopifyVariant): VariantUpdate | null {
  const update: VariantUpdate = { id: variant.id };
  if (hasOwnPrice(row) && toCents(variant.price) !== row.price) update.price = centsToDecimal(row.price);
  if (variant.portalVisible !== row.isActive) update.portalVisible = row.isActive;
  return Object.keys(update).length > 1 ? update : null;
}

/** Rounds of one push job: a row edited again while it pushes is pushed again, a few times at most. */
const MAX_PUSH_ROUNDS = 3;

/** The fields of `push` as the row now holds them; null when there is nothing to send (the tester's price). */
function variantPushOf(row: ProductRow, push: VariantPushField[]): VariantUpdate | null {
  const update: VariantUpdate = { id: row.shopifyVariantId ?? '' };
  if (push.includes('price') && hasOwnPrice(row)) update.price = centsToDecimal(row.price);
  if (push.includes('visibility')) update.portalVisible = row.isActive;
  return update.price !== undefined || update.portalVisible !== undefined ? update : null;
}

const sameUpdate = (a: VariantUpdate, b: VariantUpdate) =>
  a.id === b.id && a.price === b.price && a.portalVisible === b.portalVisible;

export interface ConnectedShopifyCatalog extends ShopifyCatalog {
  /** Job `shopify.variant-push`: pushes the row's current retail price and/or visibility to its variant. */
  pushVariant(job: { productId: number; push: VariantPushField[] }): Promise<void>;
  /** Job `shopify.product.refresh` (products/update webhook): re-reads one product into the portal. */
  refreshProduct(productGid: string): Promise<void>;
}

export function createConnectedShopifyCatalog({
  db,
  api,
  log,
}: {
  db: Database;
  api: ShopifyApi;
  log: JobLogger;
}): ConnectedShopifyCatalog {
  /**
   * Writes what Shopify says about `products` in one transaction, under the row locks a price edit takes.
   * The network calls happen before: no transaction waits on Shopify.
   */
  function writeProducts(
    products: ShopifyProduct[],
    options: Pick<PlanOptions, 'create' | 'liveVariantIds' | 'relinkLinked'>,
    audit: { actor: AuditActor; action: string; entityId: string | null } | null,
  ) {
    return db.transaction(async (tx) => {
      const rows = await lockProductRows(tx);
      const plan = planCatalogChanges(products, {
        ...options,
        rows,
        allowedSkus: await findActiveAllowedSkus(tx),
        pricePending: await findRowsWithPendingPricePush(tx),
      });
      const created = await applyCatalogPlan(tx, plan);
      if (audit) {
        await recordAudit(tx, audit.actor, {
          action: audit.action,
          entityType: 'catalog',
          entityId: audit.entityId,
          after: auditSummary(plan, created),
        });
      }
      return { rows, plan, created };
    });
  }

  /** One productVariantsBulkUpdate for a push job: a refusal fails the job, an outage retries it. */
  async function pushUpdate(row: ProductRow, update: VariantUpdate): Promise<void> {
    const what = [update.price !== undefined && 'price', update.portalVisible !== undefined && 'visibility']
      .filter(Boolean)
      .join(' and ');
    const result = await api.updateVariants(row.shopifyProductId ?? '', [update]);
    if (!result.ok) {
      const context = { productId: row.id, sku: row.sku, shopifyError: result.error };
      if (result.error.kind === 'user-errors') {
        log.error(context, 'variant push: Shopify refused the change; not retrying');
        throw new PermanentJobError(`Shopify refused the ${what} of ${row.sku}: ${result.error.message}`);
      }
      throw shopifyJobError(`pushing the ${what} of ${row.sku}`, result.error);
    }
    log.info({ productId: row.id, sku: row.sku, ...update }, `variant ${what} pushed to Shopify`);
  }

  return {
    async refreshProducts(actor) {
      const listed = await api.listProducts({ query: ALL_PRODUCT_STATUSES });
      if (!listed.ok) {
        log.warn({ shopifyError: listed.error }, 'catalogue refresh: listing Shopify products failed');
        throw shopifyAppError(listed.error, 'the refresh');
      }
      const liveVariantIds = new Set(listed.data.flatMap((product) => product.variants.map((v) => v.id)));
      const { rows, plan, created } = await writeProducts(
        listed.data,
        { create: 'allowed', liveVariantIds },
        { actor, action: 'shopify.refresh', entityId: null },
      );
      const relinked = new Set(plan.matched.map(({ row }) => row.id));
      const staleSkus = rows
        .filter(
          (row) => row.shopifyVariantId && !liveVariantIds.has(row.shopifyVariantId) && !relinked.has(row.id),
        )
        .map((row) => row.sku);
      const { count, message } = refreshMessage(plan, created.length, staleSkus);
      log.info({ count, created: created.length, skipped: plan.skipped.length }, 'catalogue refreshed');
      return { success: true, count, message };
    },

    async syncProducts(actor) {
      const linked = await findLinkedRows(db);
      const byProduct = new Map<string, ProductRow[]>();
      for (const row of linked) {
        const productGid = row.shopifyProductId ?? '';
        byProduct.set(productGid, [...(byProduct.get(productGid) ?? []), row]);
      }
      let pushed = 0;
      const pushedSkus: string[] = [];
      const refused: string[] = [];
      const missing: string[] = [];
      for (const [productGid, rows] of byProduct) {
        const current = await api.getProduct(productGid);
        if (!current.ok && current.error.kind === 'not-found') {
          missing.push(...rows.map((row) => row.sku));
          continue;
        }
        if (!current.ok) {
          log.warn({ productGid, pushedSkus, shopifyError: current.error }, 'sync: reading a product failed');
          throw stoppedPartWay(current.error, pushed);
        }
        const variants = new Map(current.data.variants.map((variant) => [variant.id, variant]));
        const changes: { row: ProductRow; update: VariantUpdate }[] = [];
        for (const row of rows) {
          const variant = variants.get(row.shopifyVariantId ?? '');
          if (!variant) {
            missing.push(row.sku);
            continue;
          }
          const update = syncUpdate(row, variant);
          if (update) changes.push({ row, update });
        }
        if (changes.length === 0) continue;
        const result = await api.updateVariants(
          productGid,
          changes.map(({ update }) => update),
        );
        if (!result.ok && result.error.kind === 'user-errors') {
          log.warn({ productGid, shopifyError: result.error }, 'sync: Shopify refused an update');
          refused.push(`${changes.map(({ row }) => row.sku).join(', ')} (${result.error.message})`);
          continue;
        }
        if (!result.ok) {
          log.warn({ productGid, pushedSkus, shopifyError: result.error }, 'sync: an update failed');
          throw stoppedPartWay(result.error, pushed);
        }
        pushed += changes.length;
        pushedSkus.push(...changes.map(({ row }) => row.sku));
      }
      await recordAudit(db, actor, {
        action: 'shopify.sync',
        entityType: 'catalog',
        entityId: null,
        after: { pushed: pushedSkus, refused, missing },
      });
      const { count, message } = syncMessage({ pushed, refused, missing });
      log.info({ count, refused: refused.length, missing: missing.length }, 'catalogue synced to Shopify');
      return { success: true, count, message };
    },

    async importProduct(actor, shopifyProductId) {
      const gid = toGid('Product', shopifyProductId);
      if (!gid) throw new AppError('VALIDATION_FAILED', ADMIN_CATALOG_MESSAGES.shopifyProductIdInvalid);
      const fetched = await api.getProduct(gid);
      if (!fetched.ok && fetched.error.kind === 'not-found') {
        throw new AppError('NOT_FOUND', `Shopify has no product with the ID ${shopifyProductId}`);
      }
      if (!fetched.ok) {
        log.warn({ gid, shopifyError: fetched.error }, 'import: reading the Shopify product failed');
        throw shopifyAppError(fetched.error, 'the import');
      }
      const product = fetched.data;
      const { plan, created } = await writeProducts(
        [product],
        { create: 'any', relinkLinked: true },
        { actor, action: 'shopify.import', entityId: product.id },
      );
      return importAnswer(db, product, plan, created);
    },

    async queueVariantPush(tx, product, push) {
      if (!product.shopifyVariantId || !product.shopifyProductId) return 'not-linked';
      // Only the id and what changed: the handler reads the row when it runs, so edits made in quick
      // succession can never reach Shopify out of order.
      await enqueueJob(tx, jobToQueue(variantPushJob, { productId: product.id, push: [...push] }));
      return 'queued';
    },

    async pushVariant({ productId, push }) {
      // One row's jobs run one at a time (their serial key); the row is read again after a push and pushed
      // again if it changed meanwhile, so Shopify ends with the latest values.
      let pushed: VariantUpdate | null = null;
      for (let round = 0; round < MAX_PUSH_ROUNDS; round += 1) {
        const row = await findProductRow(db, productId);
        if (!row?.shopifyVariantId || !row.shopifyProductId) {
          log.info({ productId }, 'variant push: the product is gone or no longer linked; nothing to push');
          return;
        }
        const update = variantPushOf(row, push);
        if (!update || (pushed && sameUpdate(update, pushed))) return;
        await pushUpdate(row, update);
        pushed = update;
      }
    },

    async refreshProduct(productGid) {
      const fetched = await api.getProduct(productGid);
      if (!fetched.ok && fetched.error.kind === 'not-found') {
        // Deleted in Shopify: the rows stay (old orders point at them); the admin refresh reports the links.
        log.warn({ productGid }, 'product refresh: Shopify no longer has this product');
        return;
      }
      if (!fetched.ok) throw shopifyJobError(`refreshing ${productGid}`, fetched.error);
      const { plan, created } = await writeProducts([fetched.data], { create: 'allowed' }, null);
      log.info(
        { productGid, matched: plan.matched.length, created: created.length, skipped: plan.skipped.length },
        'product refreshed from Shopify',
      );
    },
  };
}

function auditSummary(plan: CatalogPlan, created: ProductRow[]) {
  return {
    created: created.map((row) => row.sku),
    updated: plan.matched
      .filter(({ values }) => Object.keys(values).length > 0)
      .map(({ row, values }) => ({ sku: row.sku, ...values })),
    skipped: plan.skipped.map(({ sku, reason }) => ({ sku, reason })),
  };
}

/** A failure after some prices went out: say how many did, so the administrator knows where things stand. */
function stoppedPartWay(error: Parameters<typeof shopifyAppError>[0], pushed: number): AppError {
  const appError = shopifyAppError(error, 'the sync');
  if (pushed === 0) return appError;
  return new AppError(
    appError.code,
    `${appError.message} ${pushed} ${pushed === 1 ? 'product was' : 'products were'} synced before that.`,
  );
}

/**
 * The import's answer (docs/shopify.md#the-catalogue): the product's variants as they now stand in the
 * portal.
 */
async function importAnswer(
  db: Database,
  product: ShopifyProduct,
  plan: CatalogPlan,
  created: ProductRow[],
): Promise<ImportProductResponse> {
  const variantIds = new Set(product.variants.map((variant) => variant.id));
  const order = new Map(product.variants.map((variant, index) => [variant.id, index]));
  const rows = (await findLinkedRows(db))
    .filter((row) => row.shopifyVariantId !== null && variantIds.has(row.shopifyVariantId))
    .sort((a, b) => (order.get(a.shopifyVariantId ?? '') ?? 0) - (order.get(b.shopifyVariantId ?? '') ?? 0));
  const allowed = await findActiveAllowedSkus(db);
  const notAllowed = rows.filter((row) => !allowed.has(row.sku)).map((row) => row.sku);
  return {
    success: true,
    message: importMessage(product.title, plan, created.length, notAllowed),
    variants: rows.map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      price: centsToDollars(row.price),
      shopifyVariantId: row.shopifyVariantId,
    })),
    newVariants: created.length,
  };
}
