/**
 * The dashboard's sidebar sections: Insights first (issue 20, the default), then the spec's seven in its
 * order (docs/admin.md#dashboard) with Companies after Users (issue 32), the Policies pages' text (issue 19), the staff support inbox (issue 7,
 * beyond the spec), the e-mails the portal gave up on (issue 18, 'Delivery problems') and the
 * administrator's own Security (issue 17: the second factor). Each has its sidebar label, and the heading and
 * description the dashboard draws above it (one header per section, drawn before the section's code loads).
 */
export const ADMIN_SECTIONS = [
  {
    id: 'insights',
    label: 'Insights',
    heading: 'Insights',
    description: 'Orders and revenue, the pipeline, what waits longest, top customers and overdue payments.',
  },
  {
    id: 'products',
    label: 'Products',
    heading: 'Product Management',
    description: 'Control which products appear in the wholesale system.',
  },
  {
    id: 'variants',
    label: 'Variants',
    heading: 'Variant Management',
    description: 'Manage product variants, visibility and pricing.',
  },
  {
    id: 'pricing',
    label: 'Pricing',
    heading: 'Pricing Management',
    description: 'Manage volume pricing tiers and discounts.',
  },
  {
    id: 'orders',
    label: 'Orders',
    heading: 'Order Management',
    description: 'View and manage wholesale orders.',
  },
  {
    id: 'pending-users',
    label: 'Pending Users',
    heading: 'Pending User Approvals',
    description: 'Review and approve new wholesale account registrations.',
  },
  {
    id: 'users',
    label: 'Users',
    heading: 'User Management',
    description: 'Manage wholesale customers and admin users.',
  },
  {
    id: 'companies',
    label: 'Companies',
    heading: 'Companies',
    description:
      'The retail businesses that buy: their locations, people and roles, orders and history. Add people and merge duplicates.',
  },
  {
    id: 'faq',
    label: 'FAQ Management',
    heading: 'FAQ Management',
    description: 'Manage the questions and answers customers see on the support page.',
  },
  {
    id: 'policies',
    label: 'Policies',
    heading: 'Policies',
    description: 'Edit the Terms & Conditions and Privacy Policy pages that the storefront footer links to.',
  },
  {
    id: 'support',
    label: 'Support',
    heading: 'Support Inbox',
    description:
      "Messages customers send from the support page, newest first. Set each one's status as you work through them.",
  },
  {
    id: 'delivery',
    label: 'Delivery problems',
    heading: 'Delivery problems',
    description:
      'E-mails the portal could not deliver after retrying them, newest first. Send one again once the cause is fixed.',
  },
  {
    id: 'security',
    label: 'Security',
    heading: 'Security',
    description: 'How your administrator account is protected at sign-in.',
  },
] as const;

/** What the dashboard as a whole is for, in the specification's words (shown beside the sections list). */
export const ADMIN_DASHBOARD_DESCRIPTION =
  'Manage Allowed SKUs; Pricing (volume tiers and custom product pricing); Users; Orders; Product Variants.';

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const DEFAULT_ADMIN_SECTION: AdminSectionId = 'insights';

/** Where the chosen section is remembered (docs/admin.md#dashboard). */
export const ADMIN_SECTION_STORAGE_KEY = 'wholesale-admin-section';

export function isAdminSectionId(value: unknown): value is AdminSectionId {
  return ADMIN_SECTIONS.some((section) => section.id === value);
}

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function adminSection(id: AdminSectionId): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === id) ?? ADMIN_SECTIONS[0];
}

export function adminSectionLabel(id: AdminSectionId): string {
  return adminSection(id).label;
}

/** Merely touching `localStorage` can throw (blocked storage, some private modes): then nothing is kept. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered section; an unknown or missing value (e.g. from an older version) is Insights. */
export function readStoredAdminSection(): AdminSectionId {
  try {
    const stored = storage()?.getItem(ADMIN_SECTION_STORAGE_KEY);
    return isAdminSectionId(stored) ? stored : DEFAULT_ADMIN_SECTION;
  } catch {
    return DEFAULT_ADMIN_SECTION;
  }
}

export function storeAdminSection(id: AdminSectionId): void {
  try {
    storage()?.setItem(ADMIN_SECTION_STORAGE_KEY, id);
  } catch {
    // A full or blocked storage only means the choice is not remembered.
  }
}
