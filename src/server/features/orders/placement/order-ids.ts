import type { Database } from '../../../db/client';
import { drawOrderIds } from '../reads/orders.repository';

/**
 * New orders' ids, drawn from the orders' sequence a block at a time (ADR 0019): the id is known before the
 * order is written, so its e-mails and answer are made first and the order is one statement, and the
 * sequence costs one round trip per block instead of one per order. Ids drawn but never used (a failed
 * order, a restart) leave gaps, as a sequence always may; with several instances, each draws its own blocks,
 * so order numbers rise within an instance but interleave across instances.
 */
export function createOrderIds(db: Database, blockSize = ORDER_ID_BLOCK_SIZE) {
  const free: number[] = [];
  let drawing: Promise<void> | null = null;
  return {
    async next(): Promise<number> {
      for (;;) {
        const id = free.shift();
        if (id !== undefined) return id;
        drawing ??= drawOrderIds(db, blockSize)
          .then((ids) => {
            free.push(...ids);
          })
          .finally(() => {
            drawing = null;
          });
        await drawing;
      }
    },
  };
}

export const ORDER_ID_BLOCK_SIZE = 32;

export type OrderIds = ReturnType<typeof createOrderIds>;
