import { BadgePercent, History, Info, Repeat, ShieldCheck } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { returnPathOf } from '../../components/require-sign-in';
import { cn } from '../../lib/cn';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Tab = 'login' | 'register';

const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

const BENEFITS = [
  { icon: BadgePercent, title: 'Volume Discounts', text: 'Save more the more cases you order.' },
  { icon: History, title: 'Order History', text: 'See every order and its status in one place.' },
  { icon: Repeat, title: 'One-Click Reordering', text: 'Repeat a previous order in a single step.' },
  { icon: ShieldCheck, title: 'Secure Checkout', text: 'Pay safely with an invoice sent by e-mail.' },
] as const;

/**
 * Why a visitor sent here from a page of the customer area must sign in (docs/storefront.md#sign-in-and-register),
 * or null when they came on their own.
 */
function signInReason(next: string): string | null {
  if (next === '/') return null;
  const [path = ''] = next.split(/[?#]/);
  return path.toLowerCase() === '/confirm'
    ? 'Sign in to review and submit your order — your cart is kept'
    : 'Sign in to open that page — you will be taken back to it';
}

/**
 * /auth (docs/storefront.md#sign-in-and-register): Login and Register tabs next to a panel of what an account
 * offers. A visitor the customer area sent here is told why, and the login link leads back to that page.
 */
export function AuthPage() {
  const next = returnPathOf(useLocation().state);
  const reason = signInReason(next);
  const [tab, setTab] = useState<Tab>('login');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null });

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'login' ? 'register' : 'login';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <PageTitle>Sign In / Register</PageTitle>
      <section className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-semibold tracking-tight">Sign In / Register</h1>
        {reason ? (
          <p className="my-4 flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {reason}
          </p>
        ) : null}
        <p className="mt-2 text-muted-foreground">
          Sign in with a secure link sent to your e-mail, or apply for a wholesale account.
        </p>
        <div
          role="tablist"
          aria-label="Sign in or register"
          className="mt-6 grid grid-cols-2 rounded-lg bg-muted p-1"
        >
          {TABS.map((item) => (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[item.id] = element;
              }}
              type="button"
              role="tab"
              id={`auth-tab-${item.id}`}
              aria-selected={tab === item.id}
              aria-controls={`auth-panel-${item.id}`}
              tabIndex={tab === item.id ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={onTabKeyDown}
              className={cn(
                'h-9 rounded-md text-sm font-medium transition-colors',
                tab === item.id ? 'bg-card shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className="mt-6">
          {tab === 'login' ? (
            <LoginForm next={next} />
          ) : (
            <RegisterForm onGoToSignIn={() => setTab('login')} />
          )}
        </div>
      </section>
      <aside aria-label="Why open an account" className="rounded-2xl bg-accent/60 p-6 sm:p-8">
        <h2 className="text-xl font-semibold">Your wholesale account</h2>
        <ul className="mt-6 flex flex-col gap-5">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-card text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-medium">{title}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
