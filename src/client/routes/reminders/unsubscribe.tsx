import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import {
  REORDER_REMINDER_MESSAGES,
  UNSUBSCRIBE_API_PATH,
  unsubscribeQuerySchema,
} from '../../../shared/schemas/reorder-reminders';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { useUrlToken } from '../../lib/url-token';

const TITLE = 'Unsubscribe from reorder reminders';

/**
 * /unsubscribe?token= (docs/storefront.md#unsubscribe, docs/reorder-reminders.md): the reminder e-mail's
 * unsubscribe link, for anyone, signed in or not. The token leaves the address bar at once; opening the page
 * changes nothing (a scanner may follow the link): 'Unsubscribe' posts the token
 * (POST /api/reorder-reminders/unsubscribe?token=, no body), then the page shows the server's words and a
 * link to My Account, where the setting can be turned back on. An invalid link says so.
 */
export function UnsubscribePage() {
  const { token } = useUrlToken();
  const unsubscribe = useMutation({
    mutationFn: (value: string) =>
      requestJson(`${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(value)}`, messageResponseSchema, {
        method: 'POST',
      }),
  });
  const wellFormed = token !== null && unsubscribeQuerySchema.safeParse({ token }).success;

  // A link the server does not know (or a mangled one) will not work on a second try: no button then.
  const linkRefused = unsubscribe.error instanceof ApiError && unsubscribe.error.code === 'LINK_INVALID';

  let body;
  if (!token || !wellFormed || linkRefused) {
    body = (
      <p role="alert" className="mt-3 text-muted-foreground">
        {linkRefused
          ? serverMessage(unsubscribe.error, REORDER_REMINDER_MESSAGES.unsubscribeInvalid)
          : REORDER_REMINDER_MESSAGES.unsubscribeInvalid}
      </p>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <>
        <p role="status" className="mt-3">
          {unsubscribe.data.message}
        </p>
        <Button asChild variant="outline" className="mt-8">
          <Link to="/account">Go to My Account</Link>
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-3 text-muted-foreground">
          You will no longer receive e-mails reminding you when it is time to reorder. You can turn them back
          on in My Account at any time.
        </p>
        {unsubscribe.isError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {serverMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}
          </p>
        ) : null}
        <Button
          className="mt-8"
          onClick={() => unsubscribe.mutate(token)}
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
        >
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </>
    );
  }

  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Unsubscribe</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <MailX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">{TITLE}</h1>
      {body}
    </section>
  );
}
