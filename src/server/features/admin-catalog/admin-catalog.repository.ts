import { asc, eq, sql } from 'drizzle-orm';
import {
  allowedSkus,
  products,
  virtualProductComponents,
  type AllowedSkuRow,
  type ProductRow,
} from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';
import type { BundlePart } from './bundle-summary';

/**
 * A product row with whether its SKU is an active allowed SKU
 * (docs/catalogue-and-pricing.md#what-customers-see).
 */
export interface ProductWithAllowance {
  product: ProductRow;
  isAllowed: boolean;
}

export function findAllowedSkus(db: DatabaseOrTransaction): Promise<AllowedSkuRow[]> {
  return db.select().from(allowedSkus).orderBy(asc(allowedSkus.sku), asc(allowedSkus.id));
}

export async function findAllowedSku(db: DatabaseOrTransaction, id: number): Promise<AllowedSkuRow | null> {
  const [row] = await db.select().from(allowedSkus).where(eq(allowedSkus.id, id)).for('update');
  return row ?? null;
}

/** Inserts the SKU, or returns null when it is already on the list (race-free: ON CONFLICT DO NOTHING). */
export async function insertAllowedSku(
  db: DatabaseOrTransaction,
  values: { sku: string; notes: string | null },
): Promise<AllowedSkuRow | null> {
  const [row] = await db
    .insert(allowedSkus)
    .values(values)
    .onConflictDoNothing({ target: allowedSkus.sku })
    .returning();
  return row ?? null;
}

export async function setAllowedSkuActive(
  db: DatabaseOrTransaction,
  id: number,
  isActive: boolean,
): Promise<AllowedSkuRow | null> {
  const [row] = await db
    .update(allowedSkus)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(allowedSkus.id, id))
    .returning();
  return row ?? null;
}

export async function deleteAllowedSku(db: DatabaseOrTransaction, id: number): Promise<AllowedSkuRow | null> {
  const [row] = await db.delete(allowedSkus).where(eq(allowedSkus.id, id)).returning();
  return row ?? null;
}

const isAllowedColumn = sql<boolean>`coalesce(${allowedSkus.isActive}, false)`;

/** Every product row (active or not, allowed or not) in id order, for the admin's variants view. */
export function findProductsWithAllowance(db: DatabaseOrTransaction): Promise<ProductWithAllowance[]> {
  return db
    .select({ product: products, isAllowed: isAllowedColumn })
    .from(products)
    .leftJoin(allowedSkus, eq(allowedSkus.sku, products.sku))
    .orderBy(asc(products.id));
}

/**
 * What the virtual bundles are made of, each part with its component's row
 * (docs/catalogue-and-pricing.md#the-mixed-case-bundle); only one bundle's parts when `virtualProductId` is
 * given.
 */
export function findBundleParts(db: DatabaseOrTransaction, virtualProductId?: number): Promise<BundlePart[]> {
  const query = db
    .select({
      virtualProductId: virtualProductComponents.virtualProductId,
      quantity: virtualProductComponents.quantity,
      component: products,
    })
    .from(virtualProductComponents)
    .innerJoin(products, eq(products.id, virtualProductComponents.componentProductId));
  return (
    virtualProductId === undefined
      ? query
      : query.where(eq(virtualProductComponents.virtualProductId, virtualProductId))
  ).orderBy(asc(virtualProductComponents.virtualProductId), asc(products.id));
}

/** One product row by id, locked for the caller's transaction. */
export async function findProductForUpdate(
  db: DatabaseOrTransaction,
  where: { id: number } | { sku: string },
): Promise<ProductRow | null> {
  const condition = 'id' in where ? eq(products.id, where.id) : eq(products.sku, where.sku);
  const [row] = await db.select().from(products).where(condition).for('update');
  return row ?? null;
}

export async function findAllowance(db: DatabaseOrTransaction, sku: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: allowedSkus.isActive })
    .from(allowedSkus)
    .where(eq(allowedSkus.sku, sku));
  return row?.isActive ?? false;
}

export async function updateProduct(
  db: DatabaseOrTransaction,
  id: number,
  values: Partial<Pick<ProductRow, 'isActive' | 'price' | 'wholesalePrice'>>,
): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  if (!row) throw new Error(`product ${id} vanished inside its own transaction`);
  return row;
}
