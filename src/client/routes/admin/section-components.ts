import { lazy, type ComponentType } from 'react';
import type { AdminSectionId } from '../../components/admin/admin-sections';

/**
 * The dashboard's sections, each in a chunk of its own that loads when the section is first shown
 * (docs/decisions/0016-page-shells.md, "The admin dashboard's sections"): opening /admin downloads the
 * section on screen, not the forms, tables and schemas of the twelve others.
 */
interface LazySection {
  Component: ComponentType;
  /** Starts loading the section's chunk (once); rendering `Component` then waits for the same load. */
  preload: () => Promise<unknown>;
}

function lazySection(load: () => Promise<ComponentType>): LazySection {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => (loading ??= load().then((Component) => ({ default: Component })));
  return { Component: lazy(loadOnce), preload: loadOnce };
}

const SECTIONS: Record<AdminSectionId, LazySection> = {
  insights: lazySection(async () => (await import('./sections/insights-section')).InsightsSection),
  products: lazySection(async () => (await import('./sections/products-section')).ProductsSection),
  variants: lazySection(async () => (await import('./sections/variants-section')).VariantsSection),
  pricing: lazySection(async () => (await import('./sections/pricing-section')).PricingSection),
  orders: lazySection(async () => (await import('./sections/orders-section')).OrdersSection),
  'pending-users': lazySection(
    async () => (await import('./sections/pending-users-section')).PendingUsersSection,
  ),
  users: lazySection(async () => (await import('./sections/users-section')).UsersSection),
  companies: lazySection(async () => (await import('./sections/companies-section')).CompaniesSection),
  faq: lazySection(async () => (await import('./sections/faq-section')).FaqSection),
  policies: lazySection(async () => (await import('./sections/policies-section')).PoliciesSection),
  support: lazySection(async () => (await import('./sections/support-section')).SupportSection),
  delivery: lazySection(async () => (await import('./sections/delivery-section')).DeliverySection),
  security: lazySection(async () => (await import('./sections/security-section')).SecuritySection),
};

/** Each section's component, which suspends until its chunk has loaded. */
export const ADMIN_SECTION_COMPONENTS = Object.fromEntries(
  Object.entries(SECTIONS).map(([id, section]) => [id, section.Component]),
) as Record<AdminSectionId, ComponentType>;

/** Loads a section's code ahead of its first render (the one a reload of /admin will show). */
export function preloadAdminSection(id: AdminSectionId): void {
  // A failed load shows in the section's error boundary when it renders.
  SECTIONS[id].preload().catch(() => undefined);
}
