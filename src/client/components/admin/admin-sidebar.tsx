import {
  Building2,
  ChartColumn,
  CircleHelp,
  ClipboardList,
  KeyRound,
  Layers,
  LifeBuoy,
  LogOut,
  MailWarning,
  Menu,
  Package,
  Percent,
  ScrollText,
  ShieldCheck,
  UserCheck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { StoreName } from '../store-name';
import { Button } from '../ui/button';
import { adminSectionHref } from './admin-links';
import { ADMIN_DASHBOARD_DESCRIPTION, ADMIN_SECTIONS, type AdminSectionId } from './admin-sections';

const SECTION_ICONS: Record<AdminSectionId, LucideIcon> = {
  insights: ChartColumn,
  products: Package,
  variants: Layers,
  pricing: Percent,
  orders: ClipboardList,
  'pending-users': UserCheck,
  users: Users,
  companies: Building2,
  faq: CircleHelp,
  policies: ScrollText,
  support: LifeBuoy,
  delivery: MailWarning,
  security: KeyRound,
};

interface AdminSidebarProps {
  /** The section shown; null while none is (a page shell, ADR 0016). */
  current: AdminSectionId | null;
  /** The signed-in administrator's name and e-mail (docs/admin.md#dashboard). */
  name: string;
  email: string;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The dashboard's sidebar (docs/admin.md#dashboard): the sections, the administrator's name and e-mail,
 * and Logout. From 768 px it is a column beside the section; below, a top bar whose Menu button opens the
 * same list. Sections are links to /admin?section={id} (Back, bookmarks and new tabs work; Tab, or the arrow
 * keys within the list); the one shown has aria-current.
 */
export function AdminSidebar({ current, name, email, onLogout, loggingOut }: AdminSidebarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % links.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + links.length) % links.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = links.length - 1;
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  }

  return (
    <aside
      aria-label="Admin navigation"
      className="border-b border-border bg-card md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0"
    >
      <div className="flex h-16 items-center gap-3 px-4">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="font-display leading-tight font-semibold">Admin Portal</p>
          <p className="truncate text-xs text-muted-foreground">
            <StoreName />
          </p>
        </div>
        <Button
          ref={menuButtonRef}
          variant="outline"
          size="sm"
          className="ml-auto md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          Menu
        </Button>
      </div>
      <div
        id={menuId}
        className={cn(
          // On a short screen the sections scroll inside the sidebar (min-h-0 lets them shrink), so the
          // administrator's name and Logout stay in view however long the page beside it is.
          'flex-1 flex-col border-t border-border md:flex md:min-h-0 md:border-t-0',
          menuOpen ? 'flex' : 'hidden',
        )}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            menuButtonRef.current?.focus();
          }
        }}
      >
        <p className="px-4 pt-3 text-xs text-muted-foreground md:pt-0">{ADMIN_DASHBOARD_DESCRIPTION}</p>
        <nav aria-label="Admin sections" className="p-2 md:min-h-0 md:overflow-y-auto">
          <ul ref={listRef} className="flex flex-col gap-1" onKeyDown={onListKeyDown}>
            {ADMIN_SECTIONS.map((section) => {
              const Icon = SECTION_ICONS[section.id];
              const active = section.id === current;
              return (
                <li key={section.id}>
                  <Link
                    to={adminSectionHref(section.id)}
                    // Choosing the section on screen again only drops a link's filter: no new entry.
                    replace={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                    className={cn(
                      'flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      active
                        ? 'bg-accent text-primary'
                        : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-3 border-t border-border p-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{email}</p>
          </div>
          <Button variant="outline" size="sm" onClick={onLogout} disabled={loggingOut}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </aside>
  );
}
