import {
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
import { cn } from '../../lib/cn';
import { StoreName } from '../store-name';
import { Button } from '../ui/button';
import { ADMIN_SECTIONS, type AdminSectionId } from './admin-sections';

const SECTION_ICONS: Record<AdminSectionId, LucideIcon> = {
  insights: ChartColumn,
  products: Package,
  variants: Layers,
  pricing: Percent,
  orders: ClipboardList,
  'pending-users': UserCheck,
  users: Users,
  faq: CircleHelp,
  policies: ScrollText,
  support: LifeBuoy,
  delivery: MailWarning,
  security: KeyRound,
};

interface AdminSidebarProps {
  /** The section shown; null while none is (a page shell, ADR 0016). */
  current: AdminSectionId | null;
  onSelect: (section: AdminSectionId) => void;
  /** The signed-in administrator's name and e-mail (docs/admin.md#dashboard). */
  name: string;
  email: string;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The dashboard's sidebar (docs/admin.md#dashboard): the sections, the administrator's name and e-mail,
 * and Logout. From 768 px it is a column beside the section; below, a top bar whose Menu button opens the
 * same list. Sections are buttons (Tab, or the arrow keys within the list); the chosen one has aria-current.
 */
export function AdminSidebar({ current, onSelect, name, email, onLogout, loggingOut }: AdminSidebarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  function select(section: AdminSectionId) {
    onSelect(section);
    setMenuOpen(false);
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % buttons.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
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
          'flex-1 flex-col border-t border-border md:flex md:border-t-0',
          menuOpen ? 'flex' : 'hidden',
        )}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            menuButtonRef.current?.focus();
          }
        }}
      >
        <nav aria-label="Admin sections" className="p-2 md:overflow-y-auto">
          <ul ref={listRef} className="flex flex-col gap-1" onKeyDown={onListKeyDown}>
            {ADMIN_SECTIONS.map((section) => {
              const Icon = SECTION_ICONS[section.id];
              const active = section.id === current;
              return (
                <li key={section.id}>
                  <button
                    type="button"
                    aria-current={active ? 'page' : undefined}
                    onClick={() => select(section.id)}
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
                  </button>
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
