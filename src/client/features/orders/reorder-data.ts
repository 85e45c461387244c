import { z } from 'zod';
import { isTesterProduct } from '../../../shared/pricing';
import type { ReorderResponse } from '../../../shared/schemas/orders';

/** A line that passed the reorder data check. `quantity` is in the cart's units (ADR 0008). */
export interface ReorderLine {
  productId: number;
  quantity: number;
  name: string | null;
  sku: string | null;
}

export interface CheckedReorder {
  orderId: number;
  orderNumber: string | null;
  lines: ReorderLine[];
  /** Names of the lines the server could not reorder (product gone or inactive, docs/orders.md#reorder). */
  unavailable: string[];
}

export type ReorderCheck =
  | { ok: true; reorder: CheckedReorder }
  | { ok: false; category: 'validation' | 'data_integrity'; reason: string };

/** A number, or a string holding one (old servers sent ids as strings). */
const numeric = z.union([z.number(), z.string().trim().min(1).pipe(z.coerce.number())]);
const optionalText = z
  .string()
  .nullish()
  .catch(null)
  .transform((text) => text?.trim() || null);

type ReorderItem = ReorderResponse['items'][number];
type UnavailableItem = ReorderResponse['unavailable'][number];

/*
 * The reply's contract is shared/schemas/orders.ts `reorderResponseSchema` (the server answers by it). What
 * follows is no second contract but a tolerant reader of that one, as the reorder data check asks
 * (docs/storefront.md#reorder-page): ids may come as text (older servers), a bad line is left out with a
 * warning, a missing name or SKU only warns. Its field names are checked against the contract's
 * (`satisfies`), so a renamed field fails to compile.
 */
const envelopeSchema = z.object({
  order: z.object({ id: numeric, orderNumber: optionalText }).nullish().catch(null),
  id: numeric.nullish().catch(null),
  items: z.unknown(),
  unavailable: z
    .array(
      z
        .object({
          productName: optionalText,
          sku: optionalText,
        } satisfies Partial<Record<keyof UnavailableItem, z.ZodType>>)
        .catch({ productName: null, sku: null }),
    )
    .nullish()
    .catch(null),
} satisfies Record<keyof ReorderResponse, z.ZodType>);

const lineSchema = z.object({
  productId: numeric.pipe(z.number().int().positive()),
  quantity: numeric.pipe(z.number().int().positive()),
  productName: optionalText,
  /** An older name of productName. */
  name: optionalText,
  sku: optionalText,
} satisfies Record<keyof Pick<ReorderItem, 'productId' | 'quantity' | 'productName' | 'sku'>, z.ZodType> & {
  name: z.ZodType;
});

/**
 * The reorder data check of docs/storefront.md#reorder-page: the order must be there, `items` must be an
 * array, each item needs a numeric productId and a positive quantity (other items are left out), and at least
 * one valid item must remain. A missing name or SKU only warns. A malformed reply is a data_integrity
 * failure; an order with nothing left to reorder is a validation failure.
 */
export function checkReorderData(data: unknown): ReorderCheck {
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) return dataIntegrity('The reply holds no order');
  const { order, id, items, unavailable } = envelope.data;
  const orderId = order?.id ?? id;
  if (orderId === null || orderId === undefined) return dataIntegrity('The reply names no order');
  if (!Array.isArray(items)) return dataIntegrity('The order items are not a list');

  const lines: ReorderLine[] = [];
  items.forEach((item: unknown, index) => {
    const line = lineSchema.safeParse(item);
    if (!line.success) {
      console.warn(`Reorder: item ${index} left out (needs a numeric productId and a positive quantity)`);
      return;
    }
    const name = line.data.productName ?? line.data.name;
    if (!name) console.warn(`Reorder: item ${index} (product ${line.data.productId}) has no name`);
    if (!line.data.sku) console.warn(`Reorder: item ${index} (product ${line.data.productId}) has no SKU`);
    lines.push({ productId: line.data.productId, quantity: line.data.quantity, name, sku: line.data.sku });
  });
  if (lines.length === 0) {
    return { ok: false, category: 'validation', reason: 'No item of the order can be reordered' };
  }

  return {
    ok: true,
    reorder: {
      orderId,
      orderNumber: order?.orderNumber ?? null,
      lines,
      unavailable: (unavailable ?? []).map((line) => line.productName ?? line.sku ?? 'An item'),
    },
  };
}

function dataIntegrity(reason: string): ReorderCheck {
  return { ok: false, category: 'data_integrity', reason };
}

export interface ReorderCartContent {
  items: Array<{ productId: number; quantity: number }>;
  testerAdded: boolean;
}

/**
 * The cart a reorder leaves: every line in the cart's units, repeated products added up; a tester line (a
 * tester product, or the tester SKUs) becomes the cart's tester flag, never an item (ADR 0009).
 */
export function toCartContent(
  lines: readonly ReorderLine[],
  testerProductIds: ReadonlySet<number> = new Set(),
): ReorderCartContent {
  const quantities = new Map<number, number>();
  let testerAdded = false;
  for (const line of lines) {
    const isTester =
      testerProductIds.has(line.productId) || isTesterProduct({ sku: line.sku ?? '', isTester: false });
    if (isTester) {
      testerAdded = true;
      continue;
    }
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return { items: [...quantities].map(([productId, quantity]) => ({ productId, quantity })), testerAdded };
}
