import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  pricingTiers,
  productPricingTiers,
  products,
  type CustomPriceRow,
  type PricingTierRow,
  type ProductRow,
} from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

export type NewPricingTier = Pick<
  PricingTierRow,
  'name' | 'description' | 'minimumCases' | 'discountPercentage'
>;

/** Every tier, lowest minimum first: read from the table, not the storefront's cache, so an edit shows at once. */
export function findAllTiers(db: DatabaseOrTransaction): Promise<PricingTierRow[]> {
  return db.select().from(pricingTiers).orderBy(asc(pricingTiers.minimumCases), asc(pricingTiers.id));
}

/** The tier, locked until the transaction ends so a concurrent edit or delete waits. */
export async function findTierForUpdate(
  db: DatabaseOrTransaction,
  id: number,
): Promise<PricingTierRow | undefined> {
  const [row] = await db.select().from(pricingTiers).where(eq(pricingTiers.id, id)).for('update');
  return row;
}

export async function findTier(db: DatabaseOrTransaction, id: number): Promise<PricingTierRow | undefined> {
  const [row] = await db.select().from(pricingTiers).where(eq(pricingTiers.id, id));
  return row;
}

/** Another tier with this minimum (two tiers at one minimum would make the tier choice ambiguous). */
export async function findTierWithMinimum(
  db: DatabaseOrTransaction,
  minimumCases: number,
  exceptId?: number,
): Promise<PricingTierRow | undefined> {
  const [row] = await db
    .select()
    .from(pricingTiers)
    .where(
      exceptId === undefined
        ? eq(pricingTiers.minimumCases, minimumCases)
        : and(eq(pricingTiers.minimumCases, minimumCases), ne(pricingTiers.id, exceptId)),
    );
  return row;
}

export async function insertTier(db: DatabaseOrTransaction, values: NewPricingTier): Promise<PricingTierRow> {
  const [row] = await db.insert(pricingTiers).values(values).returning();
  if (!row) throw new Error('pricing tier not inserted');
  return row;
}

export async function updateTier(
  db: DatabaseOrTransaction,
  id: number,
  values: NewPricingTier,
): Promise<PricingTierRow> {
  const [row] = await db
    .update(pricingTiers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pricingTiers.id, id))
    .returning();
  if (!row) throw new Error('pricing tier not updated');
  return row;
}

/** Deletes the tier's custom prices, then the tier; returns the prices deleted (for the audit log). */
export async function deleteTierWithCustomPrices(
  db: DatabaseOrTransaction,
  id: number,
): Promise<CustomPriceRow[]> {
  const deleted = await db.delete(productPricingTiers).where(eq(productPricingTiers.tierId, id)).returning();
  await db.delete(pricingTiers).where(eq(pricingTiers.id, id));
  return deleted;
}

const customPriceColumns = {
  id: productPricingTiers.id,
  productId: productPricingTiers.productId,
  productName: products.name,
  sku: products.sku,
  tierId: productPricingTiers.tierId,
  tierName: pricingTiers.name,
  minimumCases: pricingTiers.minimumCases,
  price: productPricingTiers.price,
};

/** A custom price with the product's and tier's names; price in cents. */
export type CustomPriceView = {
  id: number;
  productId: number;
  productName: string;
  sku: string;
  tierId: number;
  tierName: string;
  minimumCases: number;
  price: number;
};

/** Every custom price, by product name, then tier minimum. */
export function findAllCustomPrices(db: DatabaseOrTransaction): Promise<CustomPriceView[]> {
  return db
    .select(customPriceColumns)
    .from(productPricingTiers)
    .innerJoin(products, eq(products.id, productPricingTiers.productId))
    .innerJoin(pricingTiers, eq(pricingTiers.id, productPricingTiers.tierId))
    .orderBy(asc(products.name), asc(pricingTiers.minimumCases), asc(productPricingTiers.id));
}

export async function findCustomPriceView(
  db: DatabaseOrTransaction,
  id: number,
): Promise<CustomPriceView | undefined> {
  const [row] = await db
    .select(customPriceColumns)
    .from(productPricingTiers)
    .innerJoin(products, eq(products.id, productPricingTiers.productId))
    .innerJoin(pricingTiers, eq(pricingTiers.id, productPricingTiers.tierId))
    .where(eq(productPricingTiers.id, id));
  return row;
}

export async function findCustomPriceFor(
  db: DatabaseOrTransaction,
  productId: number,
  tierId: number,
): Promise<CustomPriceRow | undefined> {
  const [row] = await db
    .select()
    .from(productPricingTiers)
    .where(and(eq(productPricingTiers.productId, productId), eq(productPricingTiers.tierId, tierId)));
  return row;
}

export async function insertCustomPrice(
  db: DatabaseOrTransaction,
  values: { productId: number; tierId: number; price: number },
): Promise<CustomPriceRow> {
  const [row] = await db.insert(productPricingTiers).values(values).returning();
  if (!row) throw new Error('custom price not inserted');
  return row;
}

/** Deletes the custom price; returns it, or undefined when there was none. */
export async function deleteCustomPrice(
  db: DatabaseOrTransaction,
  id: number,
): Promise<CustomPriceRow | undefined> {
  const [row] = await db.delete(productPricingTiers).where(eq(productPricingTiers.id, id)).returning();
  return row;
}

export async function findProduct(db: DatabaseOrTransaction, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}
