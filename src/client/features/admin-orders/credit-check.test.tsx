// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { CREDIT_MESSAGES } from '../../../shared/schemas/credit';
import { toast } from '../../lib/toast';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder, refusal } from './admin-orders-test-support';

/*
 * The credit check at approval (docs/credit.md#credit-hold-at-approval, docs/admin.md#orders): a 409
 * CREDIT_CHECK opens 'Credit check', where staff approve anyway with a reason or put the order on hold;
 * 'On hold' chosen in the select asks for the reason the buyer reads.
 */

registerCartTestHooks();

const STATUS_PATH = '/api/admin/orders/1/status';
const SUMMARY = 'over the limit by $234.00 · 12 days overdue';
const HOLD_REASON = 'This order would take your account over its credit limit by $234.00.';

const creditCheck = () =>
  refusal(409, 'CREDIT_CHECK', CREDIT_MESSAGES.checkFailed, {
    summary: SUMMARY,
    overBy: '234.00',
    overdueDays: 12,
  });

const changed = (order: AdminOrder) =>
  jsonResponse({ message: `Order ${order.orderNumber} updated`, changed: true, order });

/** The list holds `stored`; each PATCH of order 1's status is answered by `answer` with its parsed body. */
function stubStatus(answer: (body: Record<string, unknown>) => Response) {
  const sent: Array<Record<string, unknown>> = [];
  let stored = buildAdminOrder({ paymentTerms: 'net30' });
  const fetchMock = stubFetch({
    '/api/admin/orders': () => jsonResponse(adminOrderListOf([stored])),
    '/api/admin/orders/1/items': () => jsonResponse([]),
    [STATUS_PATH]: ({ init }) => {
      const body = JSON.parse(requestBody(init)) as Record<string, unknown>;
      sent.push(body);
      const response = answer(body);
      if (response.ok) {
        const status = body.status as AdminOrder['status'];
        stored = buildAdminOrder({
          paymentTerms: 'net30',
          status,
          version: 2,
          holdReason: status === 'on_hold' ? ((body.holdReason as string | undefined) ?? HOLD_REASON) : null,
        });
      }
      return response;
    },
  });
  const patches = () => fetchMock.mock.calls.filter(([input]) => requestUrl(input) === STATUS_PATH).length;
  return { sent, patches };
}

async function findRow(orderNumber: string) {
  const cell = await screen.findByRole('cell', { name: orderNumber });
  return cell.closest('tr')!;
}

/** Approves WO-1001 from its row: Processing, then 'Approve and send invoice'. */
async function approve() {
  const row = await findRow('WO-1001');
  fireEvent.change(within(row).getByLabelText('Status of order WO-1001'), {
    target: { value: 'processing' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Approve and send invoice' }));
  return screen.findByRole('dialog', { name: 'Credit check' });
}

describe('the credit check at approval', () => {
  it('says why and approves anyway only with a reason, sent as the override', async () => {
    const server = stubStatus((body) => (body.override ? changed(buildAdminOrder()) : creditCheck()));
    renderWithProviders(<OrdersSection />);
    const dialog = await approve();

    expect(dialog).toHaveAccessibleDescription(`Credit check: ${SUMMARY}`);
    expect(within(dialog).getByText(`Credit check: ${SUMMARY}`)).toBeInTheDocument();
    // The refusal is a question for staff, not an error.
    expect(toast.error).not.toHaveBeenCalled();
    expect(server.sent).toEqual([{ status: 'processing', version: 1 }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    const reason = within(dialog).getByLabelText(/Reason for approving anyway/);
    expect(await within(dialog).findByText(CREDIT_MESSAGES.overrideReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(server.patches()).toBe(1);

    fireEvent.change(reason, { target: { value: '  Paid by phone today; cheque in the post  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toEqual([
      { status: 'processing', version: 1 },
      { status: 'processing', version: 1, override: { reason: 'Paid by phone today; cheque in the post' } },
    ]);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order status updated', {
        description: 'Order WO-1001 updated',
      }),
    );
  });

  it('puts the order on hold, the server wording the reason, and shows it on the row and in its items', async () => {
    const server = stubStatus((body) =>
      body.status === 'on_hold'
        ? changed(buildAdminOrder({ status: 'on_hold', version: 2, holdReason: HOLD_REASON }))
        : creditCheck(),
    );
    renderWithProviders(<OrdersSection />);
    const dialog = await approve();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toEqual([
      { status: 'processing', version: 1 },
      { status: 'on_hold', version: 1 },
    ]);

    const row = await findRow('WO-1001');
    const badge = await within(row).findByText('On hold', { selector: 'span' });
    expect(badge.getAttribute('data-variant')).toBe('warning');
    expect(within(row).getByText(`Hold reason: ${HOLD_REASON}`)).toBeInTheDocument();
    // A held order may be approved, released to Pending or cancelled, and is not put on hold again.
    const select = within(row).getByLabelText<HTMLSelectElement>('Status of order WO-1001');
    expect(select.value).toBe('on_hold');

    fireEvent.click(within(row).getByRole('button', { name: 'View Items of order WO-1001' }));
    const items = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    expect(await within(items).findByText('Hold reason')).toBeInTheDocument();
    expect(within(items).getByText(HOLD_REASON)).toBeInTheDocument();
  });

  it('leaves the order as it was on Cancel', async () => {
    const server = stubStatus(() => creditCheck());
    renderWithProviders(<OrdersSection />);
    const dialog = await approve();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.patches()).toBe(1);
    const select = within(await findRow('WO-1001')).getByLabelText<HTMLSelectElement>(
      'Status of order WO-1001',
    );
    await waitFor(() => expect(select.value).toBe('pending'));
    expect(select.disabled).toBe(false);
  });
});

describe("'On hold' chosen in the status select", () => {
  it("asks for the reason, shows the server's refusal of none under it, and sends the reason typed", async () => {
    const server = stubStatus((body) =>
      body.holdReason === undefined
        ? refusal(400, 'VALIDATION_FAILED', CREDIT_MESSAGES.holdReasonRequired, [
            { field: 'holdReason', message: CREDIT_MESSAGES.holdReasonRequired },
          ])
        : changed(buildAdminOrder({ status: 'on_hold', version: 2, holdReason: body.holdReason as string })),
    );
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');
    fireEvent.change(within(row).getByLabelText('Status of order WO-1001'), { target: { value: 'on_hold' } });
    const dialog = await screen.findByRole('dialog', { name: 'Put order WO-1001 on hold?' });
    expect(server.patches()).toBe(0);

    // No reason: the server words one only when there is a credit problem, and there is none.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    const reason = within(dialog).getByLabelText(/Reason for the hold/);
    expect(await within(dialog).findByText(CREDIT_MESSAGES.holdReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'Waiting for the signed credit application' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toEqual([
      { status: 'on_hold', version: 1 },
      { status: 'on_hold', version: 1, holdReason: 'Waiting for the signed credit application' },
    ]);
    expect(
      await within(await findRow('WO-1001')).findByText(
        'Hold reason: Waiting for the signed credit application',
      ),
    ).toBeInTheDocument();
  });

  it('is offered only from Pending', async () => {
    stubFetch({
      '/api/admin/orders': () =>
        jsonResponse(adminOrderListOf([buildAdminOrder({ id: 2, status: 'processing' })])),
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1002');
    const options = within(within(row).getByLabelText('Status of order WO-1002'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).not.toContain('On hold');
  });
});
