import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { AccessDenied } from '../../components/admin/access-denied';
import {
  adminLoginState,
  readLinkedSection,
  withoutAdminLinkParams,
} from '../../components/admin/admin-links';
import {
  adminSectionLabel,
  readStoredAdminSection,
  storeAdminSection,
  type AdminSectionId,
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
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<AdminSectionId>(readStoredAdminSection);
  // A link such as /admin?section=support&order=12 (from the Orders section, or pasted) wins over the
  // sidebar's choice while its address is open; Back to plain /admin shows the section chosen before.
  const section = readLinkedSection(searchParams) ?? chosen;
  const [signedOut, setSignedOut] = useState(false);
  // A page shell cannot know the section this browser chose last (localStorage): it shows none yet.
  const isShell = useIsPageShell();
  const logout = useAdminLogout({ takeDownSections: () => flushSync(() => setSignedOut(true)) });
  useRecheckAdminSessionOnRefusal();
  const Section = ADMIN_SECTION_COMPONENTS[section];

  // Whatever is shown, chosen or linked, is the section a reload comes back to.
  useEffect(() => storeAdminSection(section), [section]);

  if (signedOut) {
    return (
      <AdminMain>
        <PageSpinner label="Logging out…" />
      </AdminMain>
    );
  }

  function selectSection(next: AdminSectionId) {
    setChosen(next);
    // A choice in the sidebar drops a link's section and filter. Not a history entry: picking a section
    // never is.
    const rest = withoutAdminLinkParams(searchParams);
    if (rest.toString() !== searchParams.toString()) setSearchParams(rest, { replace: true });
  }

  return (
    <div className="md:flex">
      <PageTitle>{isShell ? 'Admin Dashboard' : `${adminSectionLabel(section)} · Admin Dashboard`}</PageTitle>
      <AdminSidebar
        current={isShell ? null : section}
        onSelect={selectSection}
        name={adminDisplayName(admin)}
        email={admin.email}
        onLogout={() => logout.mutate()}
        loggingOut={logout.isPending}
      />
      <AdminMain className="min-w-0 flex-1 md:px-8">
        <header className="mb-6 border-b border-border pb-4">
          <h1 className="font-display text-xl font-semibold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Manage Allowed SKUs; Pricing (volume tiers and custom product pricing); Users; Orders; Product
            Variants.
          </p>
        </header>
        {isShell ? (
          <PageSpinner label="Loading…" />
        ) : (
          <SectionErrorBoundary key={section}>
            {/* The same spinner as the page shell's, while the section's code loads. */}
            <Suspense fallback={<PageSpinner label="Loading…" />}>
              <Section />
            </Suspense>
          </SectionErrorBoundary>
        )}
      </AdminMain>
    </div>
  );
}
