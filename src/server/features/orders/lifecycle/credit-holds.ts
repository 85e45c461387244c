import { and, asc, eq } from 'drizzle-orm';
import {
  creditNoticeOwed,
  creditProblem,
  creditProblemForBuyer,
  creditProblemForStaff,
  reachesNoticeLine,
  type CreditProblem,
} from '../../../../shared/credit';
import { centsToDecimal } from '../../../../shared/money';
import { formatOrderNumber, ORDER_STATUS_LABELS, toOrderStatus } from '../../../../shared/orders';
import { owesPayment } from '../../../../shared/order-rules';
import { CREDIT_MESSAGES, type CreditCheckDetails } from '../../../../shared/schemas/credit';
import type { Env } from '../../../env';
import { recordAudit, type AuditActor } from '../../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../../db/client';
import { companies, orders, type OrderRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import { enqueueEmail } from '../../../mail/email.jobs';
import { companyOwnerEmails, lockCompany, markCreditNotice } from '../../accounts';
import {
  creditNoticeOwnerEmail,
  creditNoticeStaffEmail,
  holdEndedInShopifyEmail,
  holdsReleasedEmail,
} from '../credit/credit-emails';
import { ON_HOLD_SQL, readCompanyCreditState, type CompanyCreditState } from '../credit/credit-reads';
import { updateOrder } from './order-writes';
import { recordOrderMove } from './order-move-audit';

/*
 * Credit at approval and holds (docs/credit.md#credit-hold-at-approval): the check an approval passes, the
 * reason a held order carries, the 80 % notice an approval may owe, and the release a payment brings. Called
 * by the named transitions (order-transitions.ts) and by what Shopify reports (apply-shopify-facts.ts).
 */

export type CreditEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;

/** Staff's answer to a credit problem: approve anyway, with the reason the audit log keeps. */
export interface CreditOverride {
  reason: string;
}

/** An approval weighed: the company's state before it, and the problem found (null: none). */
export interface WeighedApproval {
  companyId: number;
  state: CompanyCreditState;
  problem: CreditProblem | null;
}

/** The 409 an approval the check stops answers: why, for staff to decide. */
export class CreditCheckError extends AppError {
  constructor(problem: CreditProblem) {
    const details: CreditCheckDetails = {
      summary: creditProblemForStaff(problem),
      overBy: problem.overByCents === null ? null : centsToDecimal(problem.overByCents),
      overdueDays: problem.overdueDays,
    };
    super('CREDIT_CHECK', CREDIT_MESSAGES.checkFailed, details);
  }
}

/**
 * What the company's credit says of approving `order` at `now`, with the company's row locked for the rest
 * of the transaction, so two approvals of one company are weighed one after the other and cannot together
 * pass the limit unnoticed. Null for an order of no company.
 */
export async function weighApproval(
  tx: DatabaseOrTransaction,
  order: OrderRow,
  now: Date,
): Promise<WeighedApproval | null> {
  if (order.companyId === null || !(await lockCompany(tx, order.companyId))) return null;
  const state = await readCompanyCreditState(tx, order.companyId, order.id, now);
  if (!state) return null;
  const problem = creditProblem(
    {
      limit: state.limit,
      openBalance: state.openBalance,
      orderTotal: order.orderTotal,
      paymentTerms: order.paymentTerms,
      paid: order.paymentStatus === 'paid',
      oldestOverdueDueAt: state.oldestOverdueDueAt,
    },
    now,
  );
  return { companyId: order.companyId, state, problem };
}

/**
 * The approval goes ahead unless the check found a problem staff have not answered: then 409 CREDIT_CHECK.
 * An override is audited (`order.credit-override`) with what it overrode.
 */
export async function passCreditCheck(
  tx: DatabaseOrTransaction,
  actor: AuditActor,
  order: OrderRow,
  weighed: WeighedApproval | null,
  override: CreditOverride | undefined,
): Promise<void> {
  if (!weighed?.problem) return;
  if (!override) throw new CreditCheckError(weighed.problem);
  await recordAudit(tx, actor, {
    action: 'order.credit-override',
    entityType: 'order',
    entityId: order.id,
    before: { status: order.status, credit: creditProblemForStaff(weighed.problem) },
    after: { reason: override.reason },
  });
}

/**
 * After an approval on net terms: the 80 % notice when it took the balance over the line (once per crossing:
 * the company's mark), and the mark cleared when the balance is below it.
 */
export async function noticeCreditUse(
  tx: DatabaseOrTransaction,
  env: CreditEnv,
  order: OrderRow,
  weighed: WeighedApproval | null,
  now: Date,
): Promise<void> {
  if (!weighed || weighed.state.limit === null) return;
  const { limit, openBalance: before, noticeSentAt } = weighed.state;
  const after = before + (owesPayment(order) ? order.orderTotal : 0);
  if (!creditNoticeOwed(limit, before, after, noticeSentAt !== null)) {
    // Below the line again: the next crossing is told.
    if (noticeSentAt !== null && !reachesNoticeLine(limit, after))
      await markCreditNotice(tx, weighed.companyId, null);
    return;
  }
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, weighed.companyId));
  if (!company) return;
  const notice = { ...company, limit, openBalance: after };
  const key = `credit-80:${company.id}:${now.toISOString()}`;
  await enqueueEmail(tx, creditNoticeStaffEmail(env, env.STAFF_EMAIL, notice), { dedupeKey: `${key}:staff` });
  for (const owner of await companyOwnerEmails(tx, company.id)) {
    await enqueueEmail(tx, creditNoticeOwnerEmail(env, owner, notice), { dedupeKey: `${key}:${owner}` });
  }
  await markCreditNotice(tx, company.id, now);
}

/**
 * The reason a held order shows its buyer: staff's own words when given, else the credit problem's; 400 when
 * there is neither (docs/credit.md#credit-hold-at-approval).
 */
export async function holdReasonFor(
  tx: DatabaseOrTransaction,
  order: OrderRow,
  staffReason: string | undefined,
  now: Date,
): Promise<string> {
  if (toOrderStatus(order.status) !== 'pending') {
    throw new AppError('CONFLICT', CREDIT_MESSAGES.holdOnlyFromPending);
  }
  if (staffReason) return staffReason;
  const weighed = await weighApproval(tx, order, now);
  if (weighed?.problem) return creditProblemForBuyer(weighed.problem);
  throw new AppError('VALIDATION_FAILED', CREDIT_MESSAGES.holdReasonRequired, [
    { field: 'holdReason', message: CREDIT_MESSAGES.holdReasonRequired },
  ]);
}

/**
 * A payment of one of the company's orders releases its orders on hold back to pending (audited
 * `order.released`, staff e-mailed), so staff decide again with the balance as it now is. Held orders are
 * locked in id order, waiting for any transaction at one of them (skipping it could leave it held for good).
 */
export async function releaseHeldOrders(
  tx: DatabaseOrTransaction,
  env: CreditEnv,
  paid: OrderRow,
  now: Date,
): Promise<OrderRow[]> {
  if (paid.companyId === null) return [];
  const held = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, paid.companyId), ON_HOLD_SQL))
    .orderBy(asc(orders.id))
    .for('update');
  const released: OrderRow[] = [];
  for (const order of held) {
    const moved = await updateOrder(tx, order.id, {
      status: 'pending',
      holdReason: null,
      version: order.version + 1,
      updatedAt: now,
    });
    await recordOrderMove(tx, { user: null, ip: 'system' }, 'order.released', order, moved, {
      paidOrderId: paid.id,
    });
    released.push(moved);
  }
  if (released.length === 0) return released;
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, paid.companyId));
  if (company) {
    const numbers = released.map((order) => formatOrderNumber(order.id));
    await enqueueEmail(
      tx,
      holdsReleasedEmail(env, env.STAFF_EMAIL, company, formatOrderNumber(paid.id), numbers),
      { dedupeKey: `holds-released:${paid.id}` },
    );
  }
  return released;
}

/**
 * Shopify moved a held order on (its draft completed and fulfilled in Shopify's admin): a fact, applied as
 * every fact is, but the hold ends without staff's decision in the portal, so its reason is cleared, the move
 * is audited (`order.hold-ended-in-shopify`, with what the credit check says now) and staff are e-mailed.
 */
export async function endHoldInShopify(
  tx: DatabaseOrTransaction,
  env: CreditEnv,
  before: OrderRow,
  after: OrderRow,
  now: Date,
): Promise<OrderRow> {
  const weighed = await weighApproval(tx, before, now);
  const credit = weighed?.problem ? creditProblemForStaff(weighed.problem) : null;
  const cleared = await updateOrder(tx, after.id, { holdReason: null });
  await recordOrderMove(tx, { user: null, ip: 'system' }, 'order.hold-ended-in-shopify', before, cleared, {
    holdReason: before.holdReason,
    credit,
  });
  const number = formatOrderNumber(after.id);
  await enqueueEmail(
    tx,
    holdEndedInShopifyEmail(
      env,
      env.STAFF_EMAIL,
      number,
      ORDER_STATUS_LABELS[toOrderStatus(after.status)],
      credit,
    ),
    { dedupeKey: `hold-ended-in-shopify:${after.id}` },
  );
  return cleared;
}
