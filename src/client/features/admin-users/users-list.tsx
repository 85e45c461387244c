import { useQuery } from '@tanstack/react-query';
import { HandCoins, KeyRound, MailPlus, UserCog } from 'lucide-react';
import { useState } from 'react';
import { COMPANY_ROLE_LABELS } from '../../../shared/company-roles';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import type { AdminUser } from '../../../shared/schemas/admin-users';
import { ListState } from '../../components/admin/list-state';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmailAddress } from '../../components/ui/email-address';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useCompactLayout } from './use-compact-layout';
import { UserCard, UserCardList } from './user-card';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { fullName } from '../../../shared/user-name';
import { ROLE_LABELS, STATUS_LABELS } from './format';
import { PasswordSetupLinkDialog } from './password-setup-link-dialog';
import { PaymentTermsDialog } from './payment-terms-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { RoleDialog } from './role-dialog';
import { usersQueryOptions } from './users-api';

const STATUS_VARIANTS: Record<AdminUser['status'], BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  disabled: 'secondary',
};

interface RowProps {
  /** The signed-in administrator, who cannot change their own role. */
  currentAdminId: number | null;
  onResetPassword: (user: AdminUser) => void;
  onSendSetupLink: (user: AdminUser) => void;
  onChangeRole: (user: AdminUser) => void;
  onChangePaymentTerms: (user: AdminUser) => void;
}

/**
 * The Users list (docs/admin.md#users): name, e-mail (and the username where it is not the e-mail), business,
 * role, status, a customer's payment terms and when created, with Reset Password (or, for a customer who signs
 * in by link and has no password, Send password setup link) and Change Role for each user and Payment Terms
 * for each customer.
 */
export function UsersList({ currentAdminId }: { currentAdminId: number | null }) {
  const users = useQuery(usersQueryOptions);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [sendingLink, setSendingLink] = useState<AdminUser | null>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  const [changingTerms, setChangingTerms] = useState<AdminUser | null>(null);
  const compact = useCompactLayout();
  const rows: RowProps = {
    currentAdminId,
    onResetPassword: setResetting,
    onSendSetupLink: setSendingLink,
    onChangeRole: setChangingRole,
    onChangePaymentTerms: setChangingTerms,
  };
  const list = users.data ?? [];

  return (
    <>
      <ListState
        query={users}
        isEmpty={list.length === 0}
        loadingText="Loading users..."
        emptyText="No users yet"
        emptyHint="Add a user, or approve a registration under Pending Users."
        errorPrefix="Error loading users: "
      >
        {compact ? <UsersCards users={list} {...rows} /> : <UsersTable users={list} {...rows} />}
      </ListState>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <PasswordSetupLinkDialog user={sendingLink} onClose={() => setSendingLink(null)} />
      <RoleDialog user={changingRole} onClose={() => setChangingRole(null)} />
      <PaymentTermsDialog user={changingTerms} onClose={() => setChangingTerms(null)} />
    </>
  );
}

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge variant={role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[role]}</Badge>;
}

function StatusBadge({ status }: { status: AdminUser['status'] }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** A customer's payment terms ('Net 30'); administrators buy nothing, so they have none. */
function paymentTermsOf(user: AdminUser): string {
  return user.role === 'customer' ? PAYMENT_TERMS_LABELS[user.paymentTerms] : '—';
}

/**
 * A customer's company and their role in it ('Doe Botanicals', 'Owner'); staff belong to none
 * (docs/companies.md#people-and-roles).
 */
function CompanyCell({ user }: { user: AdminUser }) {
  if (user.role !== 'customer' || !user.company) return <>{user.businessName ?? '—'}</>;
  return (
    <>
      <span className="block">{user.company.name}</span>
      <span className="block text-xs text-muted-foreground">{COMPANY_ROLE_LABELS[user.company.role]}</span>
    </>
  );
}

/** A customer who signs in by e-mailed link and has set no password: there is no password to reset. */
const signsInByLinkOnly = (user: AdminUser) => user.role === 'customer' && !user.hasPassword;

/**
 * The name, then the e-mail once (issue 31 finding 9: a customer's username is their e-mail, so it is not
 * shown again), and a username of its own ('admin') where there is one.
 */
function NameCell({ user, isYou, withEmail }: { user: AdminUser; isYou: boolean; withEmail: boolean }) {
  const ownUsername = user.username.toLowerCase() !== user.email.toLowerCase();
  return (
    <>
      <span className="block font-medium break-words">
        {fullName(user)}
        {isYou ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
      </span>
      {withEmail ? <EmailAddress email={user.email} className="text-sm" /> : null}
      {ownUsername ? (
        <span className="block truncate text-xs text-muted-foreground" title={user.username}>
          Username: {user.username}
        </span>
      ) : null}
      {signsInByLinkOnly(user) ? (
        <span className="block text-xs text-muted-foreground">Signs in by e-mailed link</span>
      ) : null}
    </>
  );
}

function UserActions({
  user,
  currentAdminId,
  onResetPassword,
  onSendSetupLink,
  onChangeRole,
  onChangePaymentTerms,
  stacked = false,
}: RowProps & { user: AdminUser; stacked?: boolean }) {
  const name = fullName(user);
  const isYou = user.id === currentAdminId;
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex flex-wrap gap-2'}>
      {signsInByLinkOnly(user) ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Send password setup link to ${name}`}
          onClick={() => onSendSetupLink(user)}
        >
          <MailPlus aria-hidden="true" />
          Send password setup link
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Reset Password for ${name}`}
          onClick={() => onResetPassword(user)}
        >
          <KeyRound aria-hidden="true" />
          Reset Password
        </Button>
      )}
      <Button
        variant="outline"
        size="sm"
        aria-label={`Change Role of ${name}`}
        title={isYou ? 'You cannot change your own role' : undefined}
        disabled={isYou}
        onClick={() => onChangeRole(user)}
      >
        <UserCog aria-hidden="true" />
        Change Role
      </Button>
      {user.role === 'customer' ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Change Payment Terms of ${name}`}
          onClick={() => onChangePaymentTerms(user)}
        >
          <HandCoins aria-hidden="true" />
          Payment Terms
        </Button>
      ) : null}
    </div>
  );
}

function UsersTable({ users, ...rows }: RowProps & { users: readonly AdminUser[] }) {
  return (
    <Table aria-label="Users">
      <TableHeader>
        <TableRow>
          <TableHead>User</TableHead>
          <TableHead>Business</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="max-w-64">
              <NameCell user={user} isYou={user.id === rows.currentAdminId} withEmail />
            </TableCell>
            <TableCell className="max-w-48 break-words">
              <CompanyCell user={user} />
            </TableCell>
            <TableCell>
              <RoleBadge role={user.role} />
              {/* Under the role rather than a column of its own: the table must fit beside the sidebar. */}
              {user.role === 'customer' ? (
                <span className="mt-1 block text-xs text-muted-foreground">
                  Terms: {paymentTermsOf(user)}
                </span>
              ) : null}
            </TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDate(user.createdAt, DATE_TIME_FORMAT)}
            </TableCell>
            <TableCell>
              <UserActions user={user} {...rows} stacked />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Under 1280 px each user is a card. */
function UsersCards({ users, ...rows }: RowProps & { users: readonly AdminUser[] }) {
  return (
    <UserCardList label="Users">
      {users.map((user) => (
        <UserCard
          key={user.id}
          name={<NameCell user={user} isYou={user.id === rows.currentAdminId} withEmail={false} />}
          badges={
            <div className="flex shrink-0 flex-col items-end gap-1">
              <RoleBadge role={user.role} />
              <StatusBadge status={user.status} />
            </div>
          }
          details={
            <>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="min-w-0">
                <EmailAddress email={user.email} />
              </dd>
              <dt className="text-muted-foreground">Business</dt>
              <dd className="break-words">
                <CompanyCell user={user} />
              </dd>
              <dt className="text-muted-foreground">Payment terms</dt>
              <dd>{paymentTermsOf(user)}</dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDate(user.createdAt, DATE_TIME_FORMAT)}</dd>
            </>
          }
          actions={<UserActions user={user} {...rows} />}
        />
      ))}
    </UserCardList>
  );
}
