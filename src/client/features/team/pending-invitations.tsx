import { useState } from 'react';
import { COMPANY_ROLE_LABELS } from '../../../shared/company-roles';
import type { Invitation } from '../../../shared/schemas/team';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { useResendInvitation, useRevokeInvitation } from './team-api';

/** The open invitations, with Send again and Withdraw (docs/companies.md#invitations). */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);

  if (invitations.length === 0) {
    return <p className="mt-4 text-sm text-muted-foreground">No invitations are waiting.</p>;
  }
  return (
    <>
      <ul className="mt-4 divide-y divide-border">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 sm:mr-auto">
              <p className="truncate font-medium">{invitation.email}</p>
              <p className="text-sm text-muted-foreground">
                {COMPANY_ROLE_LABELS[invitation.role]} · sent {formatDate(invitation.sentAt, DATE_FORMAT)}
                {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''}
              </p>
              {invitation.expired ? (
                <Badge variant="warning">Expired</Badge>
              ) : (
                <p className="text-xs text-muted-foreground">
                  The link works until {formatDate(invitation.expiresAt, DATE_FORMAT)}
                </p>
              )}
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ id: invitation.id, email: invitation.email })}
              >
                Send again
              </Button>
              <Button variant="outline" onClick={() => setWithdrawing(invitation)}>
                Withdraw
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw the invitation?"
        description={`The link sent to ${withdrawing?.email ?? ''} will stop working.`}
        confirmLabel="Withdraw"
        pending={revoke.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing) {
            revoke.mutate(
              { id: withdrawing.id, email: withdrawing.email },
              { onSettled: () => setWithdrawing(null) },
            );
          }
        }}
      />
    </>
  );
}
