import { Link } from 'react-router';
import { mayPlaceOrders } from '../../../shared/company-roles';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { AccountCreditCard, useAccountCredit } from '../../features/orders/account-credit';
import { useCurrentUser } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { AccountInformationForm } from './account-information-form';
import { ChangePasswordForm } from './change-password-form';
import { ReorderRemindersSetting } from './reorder-reminders-setting';

/**
 * /account (docs/accounts-and-roles.md#my-account): account information, password, reorder reminders and
 * the company's credit available (when it has a limit).
 */
export function AccountPage() {
  const { data: user } = useCurrentUser();
  const signOut = useSignOut();
  // Last on the page, so the card's late arrival moves nothing and the forms never wait for it.
  const { credit } = useAccountCredit(Boolean(user?.company));
  return (
    <div className="flex flex-col gap-8">
      <PageTitle>My Account</PageTitle>
      {/* The buttons stay together: beside the title where they fit, on a row of their own under it on a phone. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:mr-auto">My Account</h1>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to="/orders">View Orders</Link>
          </Button>
          {user?.company ? (
            <Button asChild variant="outline">
              <Link to="/account/team">Team</Link>
            </Button>
          ) : null}
          <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? 'Signing out...' : 'Sign Out'}
          </Button>
        </div>
      </div>
      {user ? (
        <>
          {/* Keyed by the user, so a different account never sees the previous one's edits. */}
          <AccountInformationForm key={user.id} user={user} />
          <ChangePasswordForm key={`password-${user.id}`} hasPassword={user.hasPassword} />
          {/* Reminders go only to an owner or buyer, who may reorder (docs/reorder-reminders.md#who-receives-it). */}
          {user.company && mayPlaceOrders(user.company.role) ? (
            <ReorderRemindersSetting enabled={user.reorderReminderEmails} />
          ) : null}
          <AccountCreditCard credit={credit} />
        </>
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      )}
    </div>
  );
}
