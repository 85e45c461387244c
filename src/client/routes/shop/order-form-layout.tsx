import type { ReactNode } from 'react';
import { OrderSummarySkeleton } from '../../features/cart/order-summary-skeleton';
import { ProductListLoading } from '../../features/catalog/product-list-status';

/** The products beside the summary on wide screens, above it on narrow ones. */
export function OrderFormLayout({ products, summary }: { products: ReactNode; summary: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start">
      <div className="min-w-0 space-y-6">{products}</div>
      {/* Sticky beside the products on wide screens; the next step sits right under the totals. */}
      <div className="lg:sticky lg:top-6">{summary}</div>
    </div>
  );
}

/** The loading state in the final layout (four product rows and the summary column): nothing shifts after. */
export function OrderFormLoading() {
  return (
    <OrderFormLayout
      products={
        <ProductsSection>
          <ProductListLoading />
        </ProductsSection>
      }
      summary={<OrderSummarySkeleton />}
    />
  );
}

export function ProductsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Products" className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      {children}
    </section>
  );
}
