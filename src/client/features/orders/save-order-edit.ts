import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { editOrderRequestSchema } from '../../../shared/schemas/order-changes';
import { orderDetailResponseSchema } from '../../../shared/schemas/orders';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { endOrderEdit, type OrderEdit } from '../../lib/cart/order-edit';
import { formatMoney } from '../../lib/format-money';
import { ORDERS_QUERY_KEY } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { currentOrderOf } from './order-action';
import { orderDetailQueryOptions } from './orders-queries';

type EditOrderRequest = z.input<typeof editOrderRequestSchema>;

const SAVE_FAILED = 'Your changes could not be saved. Please try again.';

/**
 * 'saved': the order's page opens with the order as saved. 'ended': the order changed meanwhile (staff cut a
 * line, say, or it was approved or cancelled): the edit is over and the order's page opens with the order as
 * it now stands. 'failed': the buyer stays, with the reasons. 'skipped': a save was already under way.
 */
export type SaveEditResult = 'saved' | 'ended' | 'failed' | 'skipped';

/** The cart rules the server named (422 CART_INVALID's `details.errors`), else null. */
function cartRuleProblems(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'CART_INVALID') return null;
  const errors = (error.details as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((item) => typeof item === 'string')
    ? errors
    : null;
}

/**
 * 'Save changes' of an edited pending order (docs/storefront.md#editing-a-pending-order): PUT
 * /api/orders/{id}/items with the version the edit began from and the lines. Saved, the kept cart comes back
 * and the order's page opens with the new total. Refused because the order changed meanwhile
 * (docs/orders.md#concurrent-changes, a 409), pending or not, the edit ends as a discard does: the kept cart
 * comes back and the order's page opens with the order as it now stands (the 409 carries it) and the server's
 * words in a toast, so what someone else changed is seen and never overwritten by a second press; the buyer
 * may press 'Edit order' again from the current lines. A second press while one is under way sends nothing.
 */
export function useSaveOrderEdit(edit: OrderEdit) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const detailKey = orderDetailQueryOptions(edit.orderId).queryKey;
  const orderPath = `/orders/${edit.orderId}`;

  async function save(items: EditOrderRequest['items']): Promise<SaveEditResult> {
    if (inFlight.current) return 'skipped';
    inFlight.current = true;
    setSaving(true);
    setProblems([]);
    const body: EditOrderRequest = { version: edit.version, items };
    try {
      const answer = await requestJson(`/api/orders/${edit.orderId}/items`, orderDetailResponseSchema, {
        method: 'PUT',
        body,
      });
      queryClient.setQueryData(detailKey, answer);
      endOrderEdit();
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      toast.success(`Order ${edit.orderNumber} updated`, {
        description: `Its total is now ${formatMoney(answer.orderTotal)}.`,
      });
      void navigate(orderPath, { replace: true });
      return 'saved';
    } catch (error) {
      const message = serverMessage(error, SAVE_FAILED);
      const current = currentOrderOf(error);
      if (current) queryClient.setQueryData(detailKey, current);
      toast.error(message);
      if (error instanceof ApiError && error.status === 409) {
        endOrderEdit();
        void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
        void navigate(orderPath, { replace: true });
        return 'ended';
      }
      setProblems(cartRuleProblems(error) ?? [message]);
      setSaving(false);
      inFlight.current = false;
      return 'failed';
    }
  }

  return { save, saving, problems };
}
