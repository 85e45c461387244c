import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/auth';
import { fullName } from '../../shared/user-name';
import { useSignOut } from '../lib/sign-out';

const MENU_LINKS = [
  { to: '/', label: 'Shop' },
  { to: '/account', label: 'My Account' },
  { to: '/orders', label: 'Order History' },
  { to: '/account/support', label: 'Customer Support' },
] as const;

/**
 * The avatar's fallback: the first name's initial (docs/storefront.md#header-and-footer), else the e-mail's.
 */
export function avatarInitial(user: CurrentUser): string {
  const source = user.firstName?.trim() || user.email;
  return source.charAt(0).toUpperCase();
}

/**
 * The signed-in user's avatar menu (menu button pattern): full name and e-mail, Shop, My Account, Order
 * History, Customer Support and Sign Out. Arrow keys move between entries; Escape closes and returns focus.
 */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();
  const name = fullName(user);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="grid size-9 place-items-center rounded-full bg-accent font-semibold text-primary hover:bg-primary hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span aria-hidden="true">{avatarInitial(user)}</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-border bg-card p-1 shadow-lg"
        >
          <div className="border-b border-border px-3 py-2">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          {MENU_LINKS.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              onClick={() => close(false)}
              className="block rounded-md px-3 py-2 text-sm hover:bg-accent focus:bg-accent focus:outline-none"
            >
              {item.label}
            </Link>
          ))}
          <div className="my-1 border-t border-border" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => setOpen(false) })}
            className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus:bg-accent focus:outline-none disabled:opacity-60"
          >
            {signOut.isPending ? 'Signing out...' : 'Sign Out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
