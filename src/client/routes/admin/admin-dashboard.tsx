import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { AccessDenied } from '../../components/admin/access-denied';
import { ADMIN_SECTION_PARAM, adminLoginState, readLinkedSection } from '../../components/admin/admin-links';
import { AdminSectionHeader } from '../../components/admin/admin-section-header';
import {
  ADMIN_DASHBOARD_DESCRIPTION,
  adminSectionLabel,
  readStoredAdminSection,
  storeAdminSection,
} from '../../components/admin/admin-sections';
import { AdminSidebar } from '../../components/admin/admin-sidebar';
import { SectionErrorBoundary } from '../../components/admin/section-error-boundary';
import { AdminMain } from '../../components/admin-layout';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import {
  adminDisplayName,
  useAdminLogout,
  useAdminSession,
  useRecheckAdminSessionOnRefusal,
} from '../../features/admin-session/admin-session';
import { serverMessage } from '../../lib/api';
import { useIsPageShell } from '../../lib/page-shell';
import { currentUserQueryOptions } from '../../lib/session';
import { ADMIN_SECTION_COMPONENTS, preloadAdminSection } from './section-components';

// The section a reload shows, fetched while the session is checked (not in the page shells' renderer).
if (typeof window !== 'undefined') preloadAdminSection(readStoredAdminSection());

/**
 * /admin (docs/admin.md#admin-access): a spinner while the session loads; signed out → /admin/login,
 * which comes back to this very address (a support e-mail's link) once signed in; signed in but not an
 * administrator (GET /api/admin/user says no, GET /api/user knows the user) → 'Access Denied'; an
 * administrator → the dashboard.
 */
export function AdminDashboardPage() {
  const session = useAdminSession();
  const location = useLocation();
  // Only asked when there is no administrator: tells a signed-in customer from a visitor.
  const customer = useQuery({ ...currentUserQueryOptions, enabled: session.data === null });

  if (session.isError)
    return <SessionCheckFailed error={session.error} onRetry={() => void session.refetch()} />;
  if (session.data) return <AdminDashboard admin={session.data} />;
  if (session.isPending || customer.isPending) {
    return (
      <AdminMain>
        <PageSpinner label="Loading admin portal…" />
      </AdminMain>
    );
  }
  if (customer.data) {
    return (
      <AdminMain>
        <AccessDenied />
      </AdminMain>
    );
  }
  return <Navigate to="/admin/login" replace state={adminLoginState(location)} />;
}

function SessionCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <AdminMain>
      <PageTitle>Admin Dashboard</PageTitle>
      <div
        role="alert"
        className="mx-auto my-16 flex max-w-lg flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-muted px-4 py-4 text-sm"
      >
        <h1 className="text-base font-semibold">Admin Dashboard</h1>
        <p>Could not check your sign-in: {serverMessage(error, 'the server did not answer')}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    </AdminMain>
  );
}

function AdminDashboard({ admin }: { admin: CurrentUser }) {
  const [searchParams] = useSearchParams();
  // The address names the section (/admin?section=orders): Back and bookmarks work. Plain /admin (or an
  // unknown section) becomes the address of the section this browser showed last, in the same history entry.
  const linked = readLinkedSection(searchParams);
  const section = linked ?? readStoredAdminSection();
  const [signedOut, setSignedOut] = useState(false);
  // A page shell cannot know the section this browser chose last (localStorage): it shows none yet.
  const isShell = useIsPageShell();
  const logout = useAdminLogout({ takeDownSections: () => flushSync(() => setSignedOut(true)) });
  useRecheckAdminSessionOnRefusal();
  const Section = ADMIN_SECTION_COMPONENTS[section];

  // Whatever is shown, chosen or linked, is the section a plain /admin comes back to.
  useEffect(() => storeAdminSection(section), [section]);

  if (signedOut) {
    return (
      <AdminMain>
        <PageSpinner label="Logging out…" />
      </AdminMain>
    );
  }
  if (linked === null && !isShell) {
    const named = new URLSearchParams(searchParams);
    named.set(ADMIN_SECTION_PARAM, section);
    return <Navigate replace to={{ search: `?${named.toString()}` }} />;
  }

  return (
    <div className="md:flex">
      <PageTitle>{isShell ? 'Admin Dashboard' : `${adminSectionLabel(section)} · Admin Dashboard`}</PageTitle>
      <AdminSidebar
        current={isShell ? null : section}
        name={adminDisplayName(admin)}
        email={admin.email}
        onLogout={() => logout.mutate()}
        loggingOut={logout.isPending}
      />
      <AdminMain className="min-w-0 flex-1 md:px-8">
        {isShell ? (
          <DashboardShell />
        ) : (
          <SectionErrorBoundary key={section}>
            {/* While the section's code loads, its header is already drawn, then the same spinner as the
                page shell's. */}
            <Suspense
              fallback={
                <div className="space-y-6">
                  <AdminSectionHeader id={section} />
                  <PageSpinner label="Loading…" />
                </div>
              }
            >
              <Section />
            </Suspense>
          </SectionErrorBoundary>
        )}
      </AdminMain>
    </div>
  );
}

/** The page shell's main area (ADR 0016): what the dashboard is, until the browser knows its section. */
function DashboardShell() {
  return (
    <div className="space-y-6">
      <header className="border-b border-border pb-4">
        <h1 className="font-display text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">{ADMIN_DASHBOARD_DESCRIPTION}</p>
      </header>
      <PageSpinner label="Loading…" />
    </div>
  );
}
