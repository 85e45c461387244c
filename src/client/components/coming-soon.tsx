import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from './page-title';
import { Button } from './ui/button';

interface ComingSoonProps {
  /** The page's name as the spec calls it, e.g. 'Order History'. */
  title: string;
  /** One sentence on what the page will do. */
  description: string;
  /** Where the way-out button goes; admin pages point back into the admin area. */
  backTo?: { to: string; label: string };
}

/** Placeholder for a page that is routed but not built yet; each one is replaced by its real screen. */
export function ComingSoon({
  title,
  description,
  backTo = { to: '/', label: 'Back to the order form' },
}: ComingSoonProps) {
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>{title}</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-accent text-primary">
        <Sprout aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{description}</p>
      <p className="mt-1 text-sm text-muted-foreground">This page is coming soon.</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={backTo.to}>{backTo.label}</Link>
      </Button>
    </section>
  );
}
