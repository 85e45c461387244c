import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../page-title';
import { Button } from '../ui/button';

/** /admin for a signed-in user who is not an administrator (docs/admin.md#admin-access). */
export function AccessDenied() {
  return (
    <section className="mx-auto my-16 max-w-lg rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Access Denied</PageTitle>
      <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Access Denied</h1>
      <p className="mt-3 text-muted-foreground">You do not have permission to access this area.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
