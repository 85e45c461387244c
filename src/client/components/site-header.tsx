import { Droplets } from 'lucide-react';
import { Link } from 'react-router';
import { StoreName } from './store-name';
import { Button } from './ui/button';

/**
 * Customer header (spec 000 §2 'Customer header'): logo to /, main navigation and the account area.
 * The signed-in navigation and avatar menu slot into `nav` and `HeaderAccount` once sessions exist.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-border bg-card/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md font-display text-base leading-tight font-semibold tracking-tight sm:text-lg"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
            <Droplets aria-hidden="true" className="size-5" />
          </span>
          <span className="line-clamp-2">
            <StoreName />
          </span>
        </Link>
        <nav aria-label="Main" className="ml-auto flex items-center gap-1" />
        <HeaderAccount />
      </div>
    </header>
  );
}

function HeaderAccount() {
  return (
    <Button asChild size="sm">
      <Link to="/auth">Sign In / Register</Link>
    </Button>
  );
}
