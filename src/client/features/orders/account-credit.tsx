import { queryOptions, useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { formatMoney, parseDecimalToCents, type Cents } from '../../../shared/money';
import { isNetTerms, type PaymentTerms } from '../../../shared/payment-terms';
import { accountCreditResponseSchema, type CompanyCredit } from '../../../shared/schemas/credit';
import { requestJson } from '../../lib/api';
import { ORDERS_QUERY_KEY } from '../../lib/orders';

/**
 * GET /api/account/credit: the company's credit limit, open balance and credit available
 * (docs/storefront.md#credit-available). Under the orders key, so a new order (or any change to one)
 * refreshes it with them. Not retried: on a failure the pages simply show nothing.
 */
export const accountCreditQueryOptions = queryOptions({
  queryKey: [...ORDERS_QUERY_KEY, 'credit'],
  queryFn: ({ signal }) => requestJson('/api/account/credit', accountCreditResponseSchema, { signal }),
  staleTime: 60_000,
  retry: false,
});

/** A company's credit with a limit set: what the pages show. */
export interface CreditShown {
  limit: string;
  available: string;
  openBalance: string;
}

function creditShown(credit: CompanyCredit | null | undefined): CreditShown | null {
  if (!credit || credit.limit === null || credit.available === null) return null;
  return { limit: credit.limit, available: credit.available, openBalance: credit.openBalance };
}

export interface AccountCredit {
  /** False only while the answer is awaited: the page keeps its loading state meanwhile, so nothing moves. */
  settled: boolean;
  /** The credit to show; null without a limit, on an error, or for a person of no company (staff). */
  credit: CreditShown | null;
}

/**
 * The signed-in person's company credit, for a person of a company (`enabled`); settled at once otherwise.
 * An error counts as settled with nothing to show: the credit line is a help, never a blocker.
 */
export function useAccountCredit(enabled: boolean): AccountCredit {
  const query = useQuery({ ...accountCreditQueryOptions, enabled });
  if (!enabled) return { settled: true, credit: null };
  return { settled: !query.isPending, credit: creditShown(query.data?.credit) };
}

function CreditLines({ credit }: { credit: CreditShown }) {
  return (
    <>
      <p className="font-medium">
        Credit available: <span className="tabular-nums">{formatMoney(credit.available)}</span> of{' '}
        <span className="tabular-nums">{formatMoney(credit.limit)}</span> limit
      </p>
      <p className="text-muted-foreground">
        Open balance: <span className="tabular-nums">{formatMoney(credit.openBalance)}</span> (approved orders
        on net terms not yet paid)
      </p>
    </>
  );
}

/** My Account's small card (docs/accounts-and-roles.md#my-account); nothing without a limit. */
export function AccountCreditCard({ credit }: { credit: CreditShown | null }) {
  const titleId = useId();
  if (!credit) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-6 text-sm shadow-sm sm:p-8"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold">
        <Wallet aria-hidden="true" className="size-5 text-primary" />
        Credit
      </h2>
      <div className="mt-3 space-y-1">
        <CreditLines credit={credit} />
      </div>
    </section>
  );
}

/**
 * Whether an order of `orderTotal` may be held for review at approval: on net terms, more than the credit
 * available (docs/credit.md#credit-hold-at-approval; the server decides, this only forewarns).
 */
export function mayBeHeld(credit: CreditShown, orderTotal: Cents, terms: PaymentTerms): boolean {
  try {
    return isNetTerms(terms) && orderTotal > parseDecimalToCents(credit.available);
  } catch {
    return false;
  }
}

interface CreditNoteProps {
  credit: CreditShown | null;
  orderTotal: Cents;
  paymentTerms: PaymentTerms | undefined;
}

/**
 * /confirm's credit line under the payment terms (docs/storefront.md#review-page), and a polite note when
 * the order on net terms is more than the credit available; nothing without a limit.
 */
export function CreditNote({ credit, orderTotal, paymentTerms }: CreditNoteProps) {
  if (!credit) return null;
  const held = paymentTerms !== undefined && mayBeHeld(credit, orderTotal, paymentTerms);
  return (
    <section aria-label="Credit" className="space-y-2 rounded-2xl border border-border bg-card p-4 text-sm">
      <div className="space-y-1">
        <CreditLines credit={credit} />
      </div>
      {held ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          This order is more than your available credit, so it may be held for review before it is approved.
          Our team will be in touch if it is.
        </p>
      ) : null}
    </section>
  );
}
