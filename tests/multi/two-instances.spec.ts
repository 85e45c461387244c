import { readFileSync } from 'node:fs';
import { expect, test } from '../e2e/support/a11y';
import {
  adminAndBuyerPages,
  adminSignIn,
  approveAndSignIn,
  approveOrderAndSeeIt,
  newCustomer,
  orderTwoCases,
  register,
} from '../e2e/support/accounts';

/**
 * Issue 18: the whole flow through nginx balancing two instances on one database, round robin, so each step
 * may land on either: a registration, its approval, the e-mailed sign-in, an order, its approval by staff,
 * and the buyer seeing it move on. Then the access log shows that both instances answered.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Balanced');
const pages = adminAndBuyerPages();
/** Lines other specs left in the access log (rolling-restarts.spec.ts stops instances): not this journey's. */
let linesBefore = 0;
test.beforeAll(() => {
  linesBefore = readAccessLog().length;
});

function readAccessLog(): string[] {
  return readFileSync(process.env.WHOLESALE_MULTI_ACCESS_LOG!, 'utf8').split('\n').filter(Boolean);
}

test('register, approve, sign in, order, approve the order and see its status, across two instances', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  await register(buyer, customer);
  await adminSignIn(admin);
  await approveAndSignIn(admin, buyer, customer);
  const orderNumber = await orderTwoCases(buyer);
  await approveOrderAndSeeIt(admin, buyer, customer, orderNumber);
});

test('both instances answered the API requests, alternating', () => {
  const upstreams = process.env.WHOLESALE_MULTI_UPSTREAMS!.split(',');
  const apiLines = readAccessLog()
    .slice(linesBefore)
    .filter((line) => / \/api\//.test(line));
  const served = upstreams.map((upstream) => apiLines.filter((line) => line.endsWith(` ${upstream}`)).length);
  expect(apiLines.length).toBeGreaterThan(20);
  for (const count of served) expect(count).toBeGreaterThan(apiLines.length * 0.3);
});
