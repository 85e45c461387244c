import { classifyPayload } from '../classify-response';
import type { ShopifyClient } from '../client';
import {
  type FetchedProduct,
  type FetchedVariant,
  type ListedProduct,
  type ListedVariant,
  MAX_QUERY_COST,
  type Media,
  operations,
  PRODUCT_VARIANT_PAGE,
} from '../operations';
import { invalidArgument, notFound, type ShopifyResult } from '../shopify-result';
import { toGid } from './ids';
import { nextCursor } from './search';

/* Products and their variants: the catalogue's reads and the variant pushes (docs/shopify.md#the-catalogue). */

export interface ShopifyVariant {
  id: string;
  legacyResourceId: string;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number | null;
  /** The variant's first image; listProducts does not select variant media (cost), so null there. */
  imageUrl: string | null;
  /**
   * The portal's visibility as recorded on the variant (PORTAL_VISIBILITY_METAFIELD): null when never set.
   * Only getProduct reads it (sync compares it); absent from listProducts' first variant page (cost).
   */
  portalVisible?: boolean | null;
}

/**
 * Where the portal records a variant's visibility to wholesale customers in Shopify (issue 8: visibility edits
 * are pushed with productVariantsBulkUpdate). A metafield, not `published`: hiding a variant from wholesale
 * buyers must not take it off the retail store, and ProductVariantsBulkInput.published only applies to new
 * variants (Admin 2026-10). The namespace is the one GET_PRODUCT reads.
 */
const PORTAL_VISIBILITY_METAFIELD = {
  namespace: 'wholesale_portal',
  key: 'visible',
  type: 'boolean',
} as const;

/** What updateVariants changes on one variant: absent fields stay as they are in Shopify. */
export interface VariantUpdate {
  id: string;
  price?: string;
  /** null clears it (docs/shopify.md#variant-price-and-visibility). */
  compareAtPrice?: string | null;
  portalVisible?: boolean;
}

export interface ShopifyProduct {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
  updatedAt: string;
  imageUrl: string | null;
  /** ALL variants: variant pages beyond the first are followed. */
  variants: ShopifyVariant[];
}

export interface ProductsApi {
  listProducts(options?: {
    query?: string;
    pageSize?: number;
    variantsPerPage?: number;
  }): Promise<ShopifyResult<ShopifyProduct[]>>;
  getProduct(id: string): Promise<ShopifyResult<ShopifyProduct>>;
  updateVariants(
    productId: string,
    variants: VariantUpdate[],
  ): Promise<ShopifyResult<{ id: string; price: string; compareAtPrice: string | null }[]>>;
}

export function createProductsApi(client: ShopifyClient): ProductsApi {
  /** The variants after `after`, page by page, through GetProduct (a product may have up to 2048). */
  async function remainingVariants(
    productId: string,
    after: string | null,
  ): Promise<ShopifyResult<{ product: FetchedProduct | null; variants: ShopifyVariant[] }>> {
    const variants: ShopifyVariant[] = [];
    let cursor = after;
    let product: FetchedProduct | null = null;
    for (;;) {
      const result = await client.request(operations.getProduct(PRODUCT_VARIANT_PAGE), {
        id: productId,
        variantsFirst: PRODUCT_VARIANT_PAGE,
        variantsAfter: cursor,
      });
      if (!result.ok) return result;
      if (!result.data.product) return { ok: true, data: { product: null, variants } };
      product ??= result.data.product;
      const page = result.data.product.variants;
      variants.push(...page.nodes.map(toVariant));
      const next = nextCursor(page.pageInfo, cursor, 'GetProduct variants');
      if (!next.ok) return next;
      if (next.data === null) return { ok: true, data: { product, variants } };
      cursor = next.data;
    }
  }

  return {
    async listProducts(options = {}) {
      const variantsFirst = clamp(options.variantsPerPage, 50, 1, 250);
      // Keep each page's requested cost under the 1000-point single-query limit (docs/shopify.md#query-cost).
      const maxFirst = Math.floor((MAX_QUERY_COST - 2) / (7 + variantsFirst));
      const first = clamp(options.pageSize, 10, 1, Math.min(250, maxFirst));
      const operation = operations.listProducts(first, variantsFirst);
      const products: ShopifyProduct[] = [];
      let after: string | null = null;
      for (;;) {
        const result = await client.request(operation, {
          first,
          after,
          query: options.query ?? null,
          variantsFirst,
        });
        if (!result.ok) return result;
        const page = result.data.products;
        for (const node of page.nodes) {
          const variants = node.variants.nodes.map(toVariant);
          if (node.variants.pageInfo.hasNextPage) {
            const start = nextCursor(node.variants.pageInfo, null, 'ListProducts variants');
            if (!start.ok) return start;
            const rest = await remainingVariants(node.id, start.data);
            if (!rest.ok) return rest;
            // Deleted while we were paging: leave it out, the next sync sees it gone.
            if (!rest.data.product) continue;
            variants.push(...rest.data.variants);
          }
          products.push(toProduct(node, variants));
        }
        const next = nextCursor(page.pageInfo, after, 'ListProducts');
        if (!next.ok) return next;
        if (next.data === null) return { ok: true, data: products };
        after = next.data;
      }
    },

    async getProduct(id) {
      const gid = toGid('Product', id);
      if (!gid) return notFound('product', id);
      const result = await remainingVariants(gid, null);
      if (!result.ok) return result;
      const { product, variants } = result.data;
      return product ? { ok: true, data: toProduct(product, variants) } : notFound('product', id);
    },

    async updateVariants(productId, variants) {
      const productGid = toGid('Product', productId);
      if (!productGid) return invalidArgument(`'${productId}' is not a product id`);
      const inputs: Record<string, unknown>[] = [];
      for (const variant of variants) {
        const id = toGid('ProductVariant', variant.id);
        if (!id) return invalidArgument(`'${variant.id}' is not a variant id`);
        // compareAtPrice: absent = leave as is, null = clear it
        // (docs/shopify.md#variant-price-and-visibility).
        inputs.push({
          id,
          ...(variant.price !== undefined ? { price: variant.price } : {}),
          ...(variant.compareAtPrice !== undefined ? { compareAtPrice: variant.compareAtPrice } : {}),
          ...(variant.portalVisible !== undefined
            ? { metafields: [{ ...PORTAL_VISIBILITY_METAFIELD, value: String(variant.portalVisible) }] }
            : {}),
        });
      }
      const result = await client.request(operations.updateVariants, {
        productId: productGid,
        variants: inputs,
      });
      if (!result.ok) return result;
      return classifyPayload(
        'productVariantsBulkUpdate',
        result.data.productVariantsBulkUpdate,
        (payload) => ({
          ok: true,
          data: (payload.productVariants ?? []).map((variant) => ({ ...variant })),
        }),
      );
    },
  };
}

const imageUrlOf = (node: Media | null | undefined) => node?.preview?.image?.url ?? null;

function toVariant(node: ListedVariant | FetchedVariant): ShopifyVariant {
  return {
    id: node.id,
    legacyResourceId: node.legacyResourceId,
    title: node.title,
    sku: node.sku,
    price: node.price,
    compareAtPrice: node.compareAtPrice,
    inventoryQuantity: node.inventoryQuantity,
    imageUrl: 'media' in node ? imageUrlOf(node.media.nodes[0]) : null,
    ...('portalVisible' in node ? { portalVisible: portalVisibleOf(node.portalVisible) } : {}),
  };
}

/** A boolean metafield's value is the string 'true' or 'false'; anything else (edited by hand) reads as unset. */
function portalVisibleOf(metafield: { value: string } | null): boolean | null {
  if (metafield?.value === 'true') return true;
  if (metafield?.value === 'false') return false;
  return null;
}

function toProduct(node: ListedProduct | FetchedProduct, variants: ShopifyVariant[]): ShopifyProduct {
  return {
    id: node.id,
    legacyResourceId: node.legacyResourceId,
    title: node.title,
    handle: node.handle,
    status: node.status,
    updatedAt: node.updatedAt,
    imageUrl: imageUrlOf(node.featuredMedia),
    variants,
  };
}

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  const number = Number.isFinite(value) ? Math.trunc(value as number) : fallback;
  return Math.min(Math.max(number, min), max);
}
