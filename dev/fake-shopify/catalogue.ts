import type { Cents } from '../../src/shared/money';
import { applyMetafieldInputs, metafieldInputErrors, type MetafieldInput } from './metafields';
import { parseAmount } from './money';
import type { FakeImage, FakeProduct, FakeVariant, ProductStatus } from './state';
import type { FakeStore } from './store';

/** A business-rule failure as the API reports it in `userErrors` (never a top-level error). */
export interface UserError {
  field: string[] | null;
  message: string;
  code?: string;
}

export interface VariantSeed {
  id?: number;
  title?: string;
  sku?: string | null;
  /** A decimal string ("10.65") or number, as the Admin API takes it. */
  price: string | number;
  compareAtPrice?: string | number | null;
  inventoryQuantity?: number;
  taxable?: boolean;
  barcode?: string | null;
  imageUrl?: string | null;
}

export interface ProductSeed {
  id?: number;
  title: string;
  handle?: string;
  status?: ProductStatus;
  vendor?: string;
  productType?: string;
  tags?: string[];
  descriptionHtml?: string;
  imageUrl?: string | null;
  /** ISO time or ms; defaults to the store's clock. */
  createdAt?: string | number;
  updatedAt?: string | number;
  /** Without variants the product gets Shopify's single 'Default Title' variant at 0.00. */
  variants?: VariantSeed[];
}

function seedAmount(value: string | number, what: string): Cents {
  const cents = parseAmount(value);
  if (cents === null)
    throw new Error(`${what} must be a decimal amount such as "10.65", got ${JSON.stringify(value)}`);
  return cents;
}

function seedTime(value: string | number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`Not a time: ${JSON.stringify(value)}`);
  return Math.floor(ms / 1000) * 1000;
}

export function handleize(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'product'
  );
}

function makeImage(store: FakeStore, url: string, altText: string | null): FakeImage {
  return { mediaId: store.nextId('media'), imageId: store.nextId('image'), url, altText };
}

/** Adds a product and its variants (test and demo seeding; the portal never creates products). */
export function addProduct(store: FakeStore, seed: ProductSeed): FakeProduct {
  const now = store.now();
  const id = seed.id ?? store.nextId('product');
  if (store.products.has(id)) throw new Error(`Product ${id} already exists`);
  const createdAt = seedTime(seed.createdAt, now);
  const updatedAt = seedTime(seed.updatedAt, createdAt);
  const baseHandle = seed.handle ?? handleize(seed.title);
  const handles = new Set([...store.products.values()].map((product) => product.handle));
  let handle = baseHandle;
  for (let n = 1; handles.has(handle); n += 1) handle = `${baseHandle}-${n}`;
  const product: FakeProduct = {
    id,
    title: seed.title,
    handle,
    status: seed.status ?? 'ACTIVE',
    vendor: seed.vendor ?? store.shop.name,
    productType: seed.productType ?? '',
    tags: seed.tags ?? [],
    descriptionHtml: seed.descriptionHtml ?? '',
    image: seed.imageUrl ? makeImage(store, seed.imageUrl, seed.title) : null,
    variantIds: [],
    createdAt,
    updatedAt,
    publishedAt: (seed.status ?? 'ACTIVE') === 'ACTIVE' ? createdAt : null,
  };
  store.products.set(id, product);
  const variantSeeds = seed.variants?.length ? seed.variants : [{ title: 'Default Title', price: '0.00' }];
  variantSeeds.forEach((variantSeed, index) => {
    const variantId = variantSeed.id ?? store.nextId('variant');
    if (store.variants.has(variantId)) throw new Error(`Variant ${variantId} already exists`);
    const variant: FakeVariant = {
      id: variantId,
      productId: id,
      title: variantSeed.title ?? 'Default Title',
      sku: variantSeed.sku ?? null,
      price: seedAmount(variantSeed.price, 'price'),
      compareAtPrice:
        variantSeed.compareAtPrice == null ? null : seedAmount(variantSeed.compareAtPrice, 'compareAtPrice'),
      inventoryQuantity: variantSeed.inventoryQuantity ?? 0,
      position: index + 1,
      taxable: variantSeed.taxable ?? true,
      barcode: variantSeed.barcode ?? null,
      published: true,
      metafields: [],
      image: variantSeed.imageUrl ? makeImage(store, variantSeed.imageUrl, null) : null,
      createdAt,
      updatedAt,
    };
    store.variants.set(variantId, variant);
    product.variantIds.push(variantId);
  });
  return product;
}

export function variantsOf(store: FakeStore, product: FakeProduct): FakeVariant[] {
  return product.variantIds.flatMap((id) => {
    const variant = store.variants.get(id);
    return variant ? [variant] : [];
  });
}

export interface ProductChanges {
  title?: string;
  handle?: string;
  status?: ProductStatus;
  vendor?: string;
  productType?: string;
  tags?: string[];
  imageUrl?: string | null;
  variants?: ({ id: number } & Partial<Omit<VariantSeed, 'id'>>)[];
}

/**
 * A merchant edit in the Shopify admin: changes the product and/or variants, bumps updatedAt and announces
 * `products/update` (docs/shopify.md#webhook-topics).
 */
export function updateProduct(store: FakeStore, productId: number, changes: ProductChanges): FakeProduct {
  const product = store.products.get(productId);
  if (!product) throw new Error(`No product ${productId}`);
  const now = store.now();
  if (changes.title !== undefined) product.title = changes.title;
  if (changes.handle !== undefined) product.handle = changes.handle;
  if (changes.status !== undefined) {
    product.status = changes.status;
    if (changes.status === 'ACTIVE' && product.publishedAt === null) product.publishedAt = now;
  }
  if (changes.vendor !== undefined) product.vendor = changes.vendor;
  if (changes.productType !== undefined) product.productType = changes.productType;
  if (changes.tags !== undefined) product.tags = changes.tags;
  if (changes.imageUrl !== undefined) {
    product.image = changes.imageUrl ? makeImage(store, changes.imageUrl, product.title) : null;
  }
  for (const change of changes.variants ?? []) {
    const variant = store.variants.get(change.id);
    if (!variant || variant.productId !== productId) {
      throw new Error(`Variant ${change.id} does not belong to product ${productId}`);
    }
    if (change.title !== undefined) variant.title = change.title;
    if (change.sku !== undefined) variant.sku = change.sku;
    if (change.price !== undefined) variant.price = seedAmount(change.price, 'price');
    if (change.compareAtPrice !== undefined) {
      variant.compareAtPrice =
        change.compareAtPrice === null ? null : seedAmount(change.compareAtPrice, 'compareAtPrice');
    }
    if (change.inventoryQuantity !== undefined) variant.inventoryQuantity = change.inventoryQuantity;
    if (change.taxable !== undefined) variant.taxable = change.taxable;
    if (change.barcode !== undefined) variant.barcode = change.barcode;
    if (change.imageUrl !== undefined) {
      variant.image = change.imageUrl ? makeImage(store, change.imageUrl, null) : null;
    }
    variant.updatedAt = now;
  }
  product.updatedAt = now;
  store.emit({ topic: 'products/update', product });
  return product;
}

export interface VariantBulkInput {
  id: number | null;
  price?: Cents | null;
  compareAtPrice?: Cents | null;
  published?: boolean | null;
  sku?: string | null;
  metafields?: MetafieldInput[] | null;
}

/**
 * productVariantsBulkUpdate (docs/shopify.md#variant-price-and-visibility): without allowPartialUpdates one
 * bad variant blocks every change; the userErrors carry the documented codes.
 */
export function bulkUpdateVariants(
  store: FakeStore,
  productId: number | null,
  inputs: VariantBulkInput[],
  allowPartialUpdates: boolean,
): { product: FakeProduct | null; variants: FakeVariant[] | null; userErrors: UserError[] } {
  const product = productId === null ? undefined : store.products.get(productId);
  if (!product) {
    return {
      product: null,
      variants: null,
      userErrors: [
        { field: ['productId'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' },
      ],
    };
  }
  const userErrors: UserError[] = [];
  const valid: { input: VariantBulkInput; variant: FakeVariant }[] = [];
  inputs.forEach((input, index) => {
    const at = (name: string) => ['variants', String(index), name];
    const before = userErrors.length;
    if (input.id === null) {
      userErrors.push({
        field: at('id'),
        message: 'Product variant is missing ID attribute',
        code: 'PRODUCT_VARIANT_ID_MISSING',
      });
      return;
    }
    const variant = store.variants.get(input.id);
    if (!variant) {
      userErrors.push({
        field: at('id'),
        message: 'Product variant does not exist',
        code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
      });
      return;
    }
    if (variant.productId !== product.id) {
      userErrors.push({
        field: at('id'),
        message: 'Product variant must be for this product',
        code: 'MUST_BE_FOR_THIS_PRODUCT',
      });
    }
    if (input.price === null) {
      userErrors.push({ field: at('price'), message: "Price can't be blank", code: 'BLANK' });
    } else if (input.price !== undefined && input.price < 0) {
      userErrors.push({
        field: at('price'),
        message: 'Price must be greater than or equal to 0',
        code: 'NEGATIVE_PRICE_VALUE',
      });
    }
    if (input.compareAtPrice != null && input.compareAtPrice < 0) {
      userErrors.push({
        field: at('compareAtPrice'),
        message: 'Compare at price must be greater than or equal to 0',
        code: 'GREATER_THAN_OR_EQUAL_TO',
      });
    }
    if (input.metafields) {
      userErrors.push(
        ...metafieldInputErrors(variant.metafields, input.metafields, ['variants', String(index)]),
      );
    }
    if (userErrors.length === before) valid.push({ input, variant });
  });
  if (userErrors.length > 0 && !allowPartialUpdates) {
    return { product, variants: null, userErrors };
  }
  const now = store.now();
  for (const { input, variant } of valid) {
    if (input.price != null) variant.price = input.price;
    if (input.compareAtPrice !== undefined) variant.compareAtPrice = input.compareAtPrice;
    if (input.published != null) variant.published = input.published;
    if (input.sku !== undefined) variant.sku = input.sku;
    if (input.metafields) applyMetafieldInputs(store, variant.metafields, input.metafields);
    variant.updatedAt = now;
  }
  if (valid.length > 0) {
    product.updatedAt = now;
    store.emit({ topic: 'products/update', product });
  }
  return { product, variants: valid.map(({ variant }) => variant), userErrors };
}
