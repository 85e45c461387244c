/** The `email: EmailInput` of draftOrderInvoiceSend and orderInvoiceSend. */
export interface InvoiceEmail {
  to?: string | null;
  from?: string | null;
  subject?: string | null;
  customMessage?: string | null;
  bcc?: string[] | null;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who an invoice goes to: `email.to`, else the order's or draft's own address; or why nobody. */
export function invoiceRecipient(
  email: InvoiceEmail | null,
  ownEmail: string | null,
): { to: string } | { problem: 'blank' | 'invalid' } {
  const to = email?.to ?? ownEmail;
  if (!to) return { problem: 'blank' };
  return EMAIL.test(to) ? { to } : { problem: 'invalid' };
}
