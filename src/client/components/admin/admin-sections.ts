/**
 * The dashboard's sidebar sections: Insights first (issue 20, the default), then the spec's seven in its
 * order (docs/admin.md#dashboard), the Policies pages' text (issue 19), the staff support inbox (issue 7,
 * beyond the spec), the e-mails the portal gave up on (issue 18, 'Delivery problems') and the
 * administrator's own Security (issue 17: the second factor).
 */
export const ADMIN_SECTIONS = [
  { id: 'insights', label: 'Insights' },
  { id: 'products', label: 'Products' },
  { id: 'variants', label: 'Variants' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'orders', label: 'Orders' },
  { id: 'pending-users', label: 'Pending Users' },
  { id: 'users', label: 'Users' },
  { id: 'faq', label: 'FAQ Management' },
  { id: 'policies', label: 'Policies' },
  { id: 'support', label: 'Support' },
  { id: 'delivery', label: 'Delivery problems' },
  { id: 'security', label: 'Security' },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const DEFAULT_ADMIN_SECTION: AdminSectionId = 'insights';

/** Where the chosen section is remembered (docs/admin.md#dashboard). */
export const ADMIN_SECTION_STORAGE_KEY = 'wholesale-admin-section';

export function isAdminSectionId(value: unknown): value is AdminSectionId {
  return ADMIN_SECTIONS.some((section) => section.id === value);
}

export function adminSectionLabel(id: AdminSectionId): string {
  return ADMIN_SECTIONS.find((section) => section.id === id)?.label ?? id;
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
