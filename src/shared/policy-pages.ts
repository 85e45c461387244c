/**
 * The portal's two policy documents and the public pages that show them (docs/storefront.md#policy-pages).
 * Plain constants, no zod: the footer, on the storefront's first page, reads them
 * (docs/decisions/0015-storefront-first-page.md).
 */

export const POLICY_KINDS = ['terms', 'privacy'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Each document's page and its name, as the footer's link says it. */
export const POLICY_PAGES: Readonly<Record<PolicyKind, { path: string; label: string }>> = {
  terms: { path: '/terms', label: 'Terms & Conditions' },
  privacy: { path: '/privacy', label: 'Privacy Policy' },
};
