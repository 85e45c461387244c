import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { POLICY_PAGES, type PolicyKind } from '../../../shared/policy-pages';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import { PolicyText } from '../../components/policy-text';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { publicPolicyQueryOptions } from '../../lib/policies';

/** /terms: the Terms & Conditions, open to everyone (docs/storefront.md#policy-pages). */
export function TermsPage() {
  return <PolicyPage kind="terms" />;
}

/** /privacy: the Privacy Policy, open to everyone (docs/storefront.md#policy-pages). */
export function PrivacyPage() {
  return <PolicyPage kind="privacy" />;
}

/**
 * A policy document as staff wrote it in admin Policies: its title, when it last changed, its text. While it
 * loads the page already has its heading; a failed load says so with Retry; a policy that is missing or has
 * no text yet says it is not published.
 */
function PolicyPage({ kind }: { kind: PolicyKind }) {
  const policy = useQuery(publicPolicyQueryOptions(kind));
  const label = POLICY_PAGES[kind].label;
  const title = policy.data?.title ?? label;
  const missing = policy.error instanceof ApiError && policy.error.status === 404;

  return (
    <article className="mx-auto max-w-prose">
      <PageTitle>{title}</PageTitle>
      <header className="border-b border-border pb-6">
        <h1 className="text-3xl font-semibold tracking-tight break-words">{title}</h1>
        {policy.data?.body ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Last updated {formatDate(policy.data.updatedAt, DATE_FORMAT)}
          </p>
        ) : null}
      </header>
      <div className="pt-8">
        {policy.isPending ? (
          <div className="max-w-prose space-y-3">
            <p role="status" className="sr-only">
              Loading {label}…
            </p>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="mt-8 h-6 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : policy.data?.body ? (
          <PolicyText body={policy.data.body} />
        ) : policy.isError && !missing ? (
          <LoadError onRetry={() => void policy.refetch()} retrying={policy.isFetching}>
            <p>The {label} could not be loaded. Please try again.</p>
          </LoadError>
        ) : (
          <NotPublished />
        )}
      </div>
    </article>
  );
}

function NotPublished() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card px-6 py-10 text-center">
      <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">This page has not been published yet.</p>
      <p className="text-sm text-muted-foreground">
        Please check back soon, or use Contact Us below if you have a question.
      </p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/">Back to the order form</Link>
      </Button>
    </div>
  );
}
