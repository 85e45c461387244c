import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';

/**
 * Any unknown path (docs/storefront.md#routes-and-access). A lazy page like the others: it stays out of the
 * storefront's first page (ADR 0015).
 */
export function NotFoundPage() {
  return (
    <section className="mx-auto my-16 max-w-lg text-center">
      <PageTitle>404 Page Not Found</PageTitle>
      <Compass aria-hidden="true" className="mx-auto size-12 text-primary" />
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Back to the order form</Link>
      </Button>
    </section>
  );
}
