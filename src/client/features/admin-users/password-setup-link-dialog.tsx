import type { AdminUser } from '../../../shared/schemas/admin-users';
import { fullName } from '../../../shared/user-name';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useSendPasswordSetupLink } from './users-api';

/**
 * 'Send password setup link' (docs/admin.md#users): asks first, since an e-mail cannot be taken back, then
 * e-mails a customer who signs in by link the password reset link, so they choose a password themselves.
 */
export function PasswordSetupLinkDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const send = useSendPasswordSetupLink({ onDone: onClose });
  return (
    <ConfirmDialog
      open={user !== null}
      title="Send password setup link"
      description={
        user
          ? `${fullName(user)} signs in by e-mailed link and has no password. ${user.email} is e-mailed a link to choose one (valid for 1 hour); signing in to the shop stays by link.`
          : ''
      }
      confirmLabel="Send link"
      destructive={false}
      pending={send.isPending}
      onConfirm={() => {
        if (user) send.mutate(user.id);
      }}
      onCancel={onClose}
    />
  );
}
