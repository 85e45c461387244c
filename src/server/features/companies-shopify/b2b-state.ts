import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseOrTransaction } from '../../db/client';
import { appSettings } from '../../db/schema';

/*
 * Whether the connected store has B2B (docs/shopify.md#b2b-companies). A store without it (not on a B2B
 * plan) refuses every company field; the portal then keeps making customer-based drafts, as before companies
 * existed. The answer is remembered for a day: a store may gain B2B later (a plan change), and then the next
 * check finds it and the reconcile job brings every company over.
 */

const KEY = 'shopify.b2b';
export const B2B_RECHECK_MS = 24 * 60 * 60_000;

const stateSchema = z.object({
  enabled: z.boolean(),
  checkedAt: z.iso.datetime(),
  /** How it was learnt: the shop's entitlement, or a company call refused on access. */
  reason: z.enum(['entitlement', 'access-denied']),
});
export type B2bState = z.infer<typeof stateSchema>;

export async function readB2bState(db: DatabaseOrTransaction): Promise<B2bState | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  return stateSchema.safeParse(row?.value).data ?? null;
}

export async function recordB2bState(
  db: DatabaseOrTransaction,
  enabled: boolean,
  reason: B2bState['reason'],
  now: Date,
): Promise<void> {
  const value: B2bState = { enabled, checkedAt: now.toISOString(), reason };
  await db
    .insert(appSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Whether the remembered answer still holds at `now` (null: ask the store). */
export function knownB2b(state: B2bState | null, now: Date): boolean | null {
  if (!state) return null;
  return now.getTime() - new Date(state.checkedAt).getTime() < B2B_RECHECK_MS ? state.enabled : null;
}
