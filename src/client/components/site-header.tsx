import { Droplets } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '../lib/cn';
import { useIsPageShell } from '../lib/page-shell';
import { useCurrentUser, useLooksSignedOut } from '../lib/session';
import { StoreName } from './store-name';
import { Button } from './ui/button';

// Only a signed-in customer has the menu (and its sign-out): a visitor's first page does without its code.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

/** Holds the avatar's place (same size) while the session or the menu's code loads. */
const avatarPlaceholder = <span aria-hidden="true" className="block size-9" />;

const CUSTOMER_NAV = [
  { to: '/', label: 'Shop', end: true },
  { to: '/account', label: 'Account', end: true },
  { to: '/orders', label: 'Orders', end: false },
  { to: '/account/support', label: 'Support', end: true },
] as const;

/**
 * Customer header (docs/storefront.md#header-and-footer): logo to /; for a signed-in user the navigation
 * Shop, Account, Orders, Support and the avatar menu; for a visitor a 'Sign In / Register' button.
 */
export function SiteHeader() {
  const { data: user } = useCurrentUser();
  const looksSignedOut = useLooksSignedOut();
  // A page shell has a customer of no name: the avatar's place is held until the app knows who.
  const isShell = useIsPageShell();
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
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {user
            ? CUSTOMER_NAV.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium hover:bg-accent',
                      isActive ? 'text-primary' : 'text-muted-foreground',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ))
            : null}
        </nav>
        {/* Below md the navigation is hidden (the avatar menu holds the same entries). */}
        <div className="ml-auto md:ml-0">
          {user && !isShell ? (
            <Suspense fallback={avatarPlaceholder}>
              <AccountMenu user={user} />
            </Suspense>
          ) : looksSignedOut ? (
            <Button asChild size="sm">
              <Link to="/auth">Sign In / Register</Link>
            </Button>
          ) : (
            // A signed-in customer's session is loading: no flash of 'Sign In'.
            avatarPlaceholder
          )}
        </div>
      </div>
    </header>
  );
}
