import { centsToDollars, dollarsToCents } from '../../../shared/money';
import { isBundleProduct, isTesterProduct } from '../../../shared/pricing';
import type {
  AdminPricingTier,
  PricingTierRequest,
  ProductPricing,
  ProductPricingRequest,
} from '../../../shared/schemas/admin-pricing';
import type { Database } from '../../db/client';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { AppError, notFound } from '../../errors';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../../db/postgres-errors';
import { toTierDto } from '../pricing';
import {
  deleteCustomPrice,
  deleteTierWithCustomPrices,
  findAllCustomPrices,
  findAllTiers,
  findCustomPriceFor,
  findCustomPriceView,
  findProduct,
  findTier,
  findTierForUpdate,
  findTierWithMinimum,
  insertCustomPrice,
  insertTier,
  updateTier,
  type CustomPriceView,
} from './admin-pricing.repository';
import type { PricingTierRow } from '../../db/schema';
import { pluralize } from '../../../shared/pluralize';

const FOREIGN_KEY_VIOLATION = '23503';

export const TIER_NOT_FOUND = 'Pricing tier not found';
export const CUSTOM_PRICE_NOT_FOUND = 'Custom product price not found';
export const PRODUCT_NOT_FOUND = 'Product not found';

function toCustomPriceDto(row: CustomPriceView): ProductPricing {
  return { ...row, price: centsToDollars(row.price) };
}

function toTierValues(input: PricingTierRequest) {
  return {
    name: input.name,
    description: input.description,
    minimumCases: input.minimumCases,
    discountPercentage: Math.round(input.discountPercentage * 100),
  };
}

function ambiguousMinimum(other: Pick<PricingTierRow, 'name'> | undefined, minimumCases: number) {
  const owner = other ? `The tier "${other.name}"` : 'Another tier';
  return new AppError(
    'CONFLICT',
    `${owner} already starts at ${pluralize(minimumCases, 'case', 'cases')}. Two tiers with the same minimum cases would be ambiguous.`,
  );
}

/**
 * Volume tiers and custom (product, tier) prices (docs/admin.md#pricing,
 * docs/catalogue-and-pricing.md#custom-tier-prices). Every change is one transaction with its audit entry;
 * the storefront's cached catalogue hears of it through the tables' NOTIFY triggers (ADR 0007), so prices
 * change at once without anything here.
 */
export function createAdminPricingService({ db }: { db: Database }) {
  /** A unique index answering a race the check before it lost: the same answer as the check. */
  async function withConflictsAnswered<T>(work: () => Promise<T>, onUnique: () => AppError): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw onUnique();
      throw error;
    }
  }

  return {
    async listTiers(): Promise<AdminPricingTier[]> {
      return (await findAllTiers(db)).map(toTierDto);
    },

    async createTier(actor: AuditActor, input: PricingTierRequest): Promise<AdminPricingTier> {
      const values = toTierValues(input);
      return withConflictsAnswered(
        () =>
          db.transaction(async (tx) => {
            const clash = await findTierWithMinimum(tx, values.minimumCases);
            if (clash) throw ambiguousMinimum(clash, values.minimumCases);
            const created = toTierDto(await insertTier(tx, values));
            await recordAudit(tx, actor, {
              action: 'pricing-tier.create',
              entityType: 'pricing_tier',
              entityId: created.id,
              after: created,
            });
            return created;
          }),
        () => ambiguousMinimum(undefined, values.minimumCases),
      );
    },

    async updateTier(actor: AuditActor, id: number, input: PricingTierRequest): Promise<AdminPricingTier> {
      const values = toTierValues(input);
      return withConflictsAnswered(
        () =>
          db.transaction(async (tx) => {
            const existing = await findTierForUpdate(tx, id);
            if (!existing) throw notFound(TIER_NOT_FOUND);
            const clash = await findTierWithMinimum(tx, values.minimumCases, id);
            if (clash) throw ambiguousMinimum(clash, values.minimumCases);
            const updated = toTierDto(await updateTier(tx, id, values));
            await recordAudit(tx, actor, {
              action: 'pricing-tier.update',
              entityType: 'pricing_tier',
              entityId: id,
              before: toTierDto(existing),
              after: updated,
            });
            return updated;
          }),
        () => ambiguousMinimum(undefined, values.minimumCases),
      );
    },

    /**
     * Deletes the tier and its custom prices (they price nothing without it). Orders are not touched: they
     * keep the tier name, discount and prices they were placed at (orders.tierId is not a foreign key).
     */
    async deleteTier(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const existing = await findTierForUpdate(tx, id);
        if (!existing) throw notFound(TIER_NOT_FOUND);
        const deletedPrices = await deleteTierWithCustomPrices(tx, id);
        await recordAudit(tx, actor, {
          action: 'pricing-tier.delete',
          entityType: 'pricing_tier',
          entityId: id,
          before: {
            ...toTierDto(existing),
            customPrices: deletedPrices.map((row) => ({
              id: row.id,
              productId: row.productId,
              price: centsToDollars(row.price),
            })),
          },
        });
        const count = deletedPrices.length;
        const withPrices =
          count > 0
            ? ` along with its ${pluralize(count, 'custom product price', 'custom product prices')}`
            : '';
        return {
          message: `Pricing tier "${existing.name}" deleted${withPrices}.`,
          deletedCustomPrices: count,
        };
      });
    },

    async listCustomPrices(): Promise<ProductPricing[]> {
      return (await findAllCustomPrices(db)).map(toCustomPriceDto);
    },

    /**
     * A custom price per bottle for one (product, tier) pair, which wins over the tier's percentage
     * (docs/catalogue-and-pricing.md#custom-tier-prices). The bundle is priced through its components and the
     * tester is always free (ADR 0008), so a custom price on either would silently do nothing: refused.
     */
    async createCustomPrice(actor: AuditActor, input: ProductPricingRequest): Promise<ProductPricing> {
      const duplicate = (productName: string, tierName: string) =>
        new AppError(
          'CONFLICT',
          `${productName} already has a custom price at the ${tierName} tier. Delete it first to set a new price.`,
        );
      let names = { productName: 'This product', tierName: 'this' };
      try {
        return await db.transaction(async (tx) => {
          const product = await findProduct(tx, input.productId);
          if (!product) throw notFound(PRODUCT_NOT_FOUND);
          const tier = await findTier(tx, input.tierId);
          if (!tier) throw notFound(TIER_NOT_FOUND);
          names = { productName: product.name, tierName: tier.name };
          if (isBundleProduct(product)) {
            throw new AppError(
              'UNPROCESSABLE',
              `${product.name} (${product.sku}) is priced through its components, so a custom price on it would have no effect. Set custom prices on its component bottles instead.`,
            );
          }
          if (isTesterProduct(product)) {
            throw new AppError(
              'UNPROCESSABLE',
              `${product.name} (${product.sku}) is always free, so a custom price on it would have no effect.`,
            );
          }
          if (await findCustomPriceFor(tx, product.id, tier.id)) throw duplicate(product.name, tier.name);
          const row = await insertCustomPrice(tx, {
            productId: product.id,
            tierId: tier.id,
            price: dollarsToCents(input.price),
          });
          const created = await findCustomPriceView(tx, row.id);
          if (!created) throw new Error('custom price not readable after insert');
          const dto = toCustomPriceDto(created);
          await recordAudit(tx, actor, {
            action: 'product-pricing.create',
            entityType: 'product_pricing_tier',
            entityId: dto.id,
            after: dto,
          });
          return dto;
        });
      } catch (error) {
        const code = postgresErrorCode(error);
        if (code === UNIQUE_VIOLATION) throw duplicate(names.productName, names.tierName);
        // The product or tier was deleted between the check and the insert.
        if (code === FOREIGN_KEY_VIOLATION) {
          throw notFound('The product or the pricing tier no longer exists');
        }
        throw error;
      }
    },

    async deleteCustomPrice(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const existing = await findCustomPriceView(tx, id);
        if (!existing) throw notFound(CUSTOM_PRICE_NOT_FOUND);
        const deleted = await deleteCustomPrice(tx, id);
        if (!deleted) throw notFound(CUSTOM_PRICE_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'product-pricing.delete',
          entityType: 'product_pricing_tier',
          entityId: id,
          before: toCustomPriceDto(existing),
        });
        return {
          message: `Custom price for ${existing.productName} at the ${existing.tierName} tier deleted.`,
        };
      });
    },
  };
}
