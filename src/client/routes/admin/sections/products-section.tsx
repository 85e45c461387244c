import type { ReactNode } from 'react';
import { AllowedSkuForm } from '../../../features/admin-catalog/allowed-sku-form';
import { AllowedSkuList } from '../../../features/admin-catalog/allowed-sku-list';
import { ShopifyActions } from '../../../features/admin-catalog/shopify-actions';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

/**
 * The 'Product Management' section of the admin dashboard (docs/admin.md#products-and-allowed-skus): the
 * Shopify product actions, adding a SKU, and the allowed SKUs with their switches. Rendered by the dashboard
 * shell.
 */
export function ProductsSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="products" />
      <Panel
        title="Shopify products"
        description="Read the latest products from Shopify, sync the portal with the store, or import one product by its ID."
      >
        <ShopifyActions />
      </Panel>
      <Panel
        title="Add Allowed SKU"
        description="A product is shown to customers only while its SKU is on the list and active."
      >
        <AllowedSkuForm />
      </Panel>
      <Panel title="Allowed SKUs" description="Switch a SKU off to hide its product without deleting it.">
        <AllowedSkuList />
      </Panel>
    </section>
  );
}
