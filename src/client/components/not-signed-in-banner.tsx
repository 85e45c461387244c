import { UserRound } from 'lucide-react';
import { Link } from 'react-router';

/** A visitor who is not signed in sees 'Not signed in', linking to /auth (docs/storefront.md#order-form). */
export function NotSignedInBanner() {
  return (
    <aside
      aria-label="Not signed in"
      className="flex flex-col gap-3 rounded-xl border border-border bg-accent/60 px-4 py-3 text-sm sm:flex-row sm:items-center"
    >
      <UserRound aria-hidden="true" className="hidden size-5 shrink-0 text-primary sm:block" />
      <p className="flex-1">
        <strong className="font-semibold">Not signed in</strong>
        <span className="text-muted-foreground">
          {' '}
          — build your order now; sign in with your wholesale account to submit it.
        </span>
      </p>
      <Link
        to="/auth"
        className="self-start rounded-md font-medium text-primary underline underline-offset-4 hover:text-primary-hover sm:self-auto"
      >
        Sign in or register
      </Link>
    </aside>
  );
}
