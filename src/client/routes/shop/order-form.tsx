import { Truck } from 'lucide-react';
import { PageTitle } from '../../components/page-title';
import { ProductList } from '../../features/catalog/product-list';

/** The storefront's home (spec 000 §2 'Order form'). Bundled eagerly: it is the page most visits start on. */
export function OrderFormPage() {
  return (
    <div className="space-y-6">
      <PageTitle>Wholesale Order Form</PageTitle>
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Wholesale Order Form</h1>
        <p className="flex items-start gap-2 text-muted-foreground">
          <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>All products come in cases of 12 bottles, with free shipping on every order.</span>
        </p>
      </header>
      <section
        aria-label="Products"
        className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
      >
        <ProductList />
      </section>
    </div>
  );
}
