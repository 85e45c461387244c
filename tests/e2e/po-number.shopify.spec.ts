import { expect, test } from './support/a11y';
import { parseOrderNumber } from '../../src/shared/orders';
import { adminAndBuyerPages, newCustomer, registerApprovedCustomer } from './support/accounts';

/**
 * The buyer's PO number reaches Shopify (issue 20 §1, docs/shopify.md#draft-order-contents), against the
 * portal started with SHOPIFY_MODE=fake (playwright.config.ts 'shopify' project): the draft order made from
 * the submitted order carries it as its `poNumber`.
 */

const FAKE_SHOPIFY = process.env.WHOLESALE_E2E_FAKE_SHOPIFY_URL!;
const customer = newCustomer('ShopifyPo');
const PO_NUMBER = `PO-${Date.now()}`;
const pages = adminAndBuyerPages();

interface FakeState {
  draftOrders: { name: string; tags: string[]; poNumber: string | null }[];
}

async function draftOf(orderId: number) {
  const response = await fetch(`${FAKE_SHOPIFY}/__fake/state`);
  expect(response.status).toBe(200);
  const state = (await response.json()) as FakeState;
  return state.draftOrders.find((draft) => draft.tags.includes(`portal-order-${orderId}`));
}

test("the draft order in Shopify carries the buyer's PO number", async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await buyer.getByRole('textbox', { name: 'PO number (optional)' }).fill(PO_NUMBER);
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  await expect(buyer.getByText(`PO number: ${PO_NUMBER}`)).toBeVisible();
  const orderId = parseOrderNumber(new URL(buyer.url()).searchParams.get('orderNumber')!)!;

  // The draft is made by a job right after submission.
  await expect.poll(async () => (await draftOf(orderId))?.poNumber, { timeout: 20_000 }).toBe(PO_NUMBER);
  expect((await draftOf(orderId))?.name).toMatch(/^#D\d+$/);
});
