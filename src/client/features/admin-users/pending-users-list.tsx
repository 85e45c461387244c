import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useMemo, useRef, useState, type RefObject } from 'react';
import type { PendingUser } from '../../../shared/schemas/admin-users';
import { ListState } from '../../components/admin/list-state';
import {
  ROW_FOCUS_ATTRIBUTE,
  useFocusAfterRowRemoval,
} from '../../components/admin/use-focus-after-row-removal';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { fullName } from '../../../shared/user-name';
import { useCompactLayout } from './use-compact-layout';
import { UserCard, UserCardList } from './user-card';
import { pendingUsersQueryOptions, useDecideUser, type DecisionInput } from './users-api';

interface RowActions {
  /** The decision being sent, if any: every decision button waits for it. */
  deciding: DecisionInput | undefined;
  onApprove: (user: PendingUser) => void;
  onReject: (user: PendingUser) => void;
}

/**
 * The Pending Users table (docs/admin.md#pending-users): loading, error with Retry and empty states,
 * then one row per registration with Approve and Reject. Reject asks first; it cannot be undone. A decided
 * row leaves the list: the focus moves to the next row's Approve, or to the heading once none is left.
 */
export function PendingUsersList({ headingRef }: { headingRef: RefObject<HTMLElement | null> }) {
  const pending = useQuery(pendingUsersQueryOptions);
  const [toReject, setToReject] = useState<PendingUser | null>(null);
  const decide = useDecideUser({ onSettled: () => setToReject(null) });
  const compact = useCompactLayout();
  const rowsRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => pending.data?.map((user) => user.id), [pending.data]);
  const rememberDecided = useFocusAfterRowRemoval({
    ids,
    busy: decide.isPending,
    containerRef: rowsRef,
    fallbackRef: headingRef,
  });

  const actions: RowActions = {
    deciding: decide.isPending ? decide.variables : undefined,
    onApprove: (user) => {
      if (decide.isPending) return;
      rememberDecided(user.id);
      decide.mutate({ userId: user.id, decision: 'approved' });
    },
    onReject: (user) => setToReject(user),
  };
  const users = pending.data ?? [];

  return (
    <div ref={rowsRef}>
      <ListState
        query={pending}
        isEmpty={users.length === 0}
        loadingText="Loading pending users..."
        emptyText="No pending user approvals"
        emptyHint="New registrations will appear here for review"
        errorPrefix="Error loading pending users: "
      >
        {compact ? (
          <PendingUsersCards users={users} {...actions} />
        ) : (
          <PendingUsersTable users={users} {...actions} />
        )}
      </ListState>
      <ConfirmDialog
        open={toReject !== null}
        title="Reject this registration?"
        description={
          toReject
            ? `${fullName(toReject)}${toReject.businessName ? ` (${toReject.businessName})` : ''} will be told by e-mail that the application was not approved, and cannot sign in. This cannot be undone.`
            : ''
        }
        confirmLabel={decide.isPending ? 'Rejecting...' : 'Reject'}
        pending={decide.isPending}
        onConfirm={() => {
          if (!toReject || decide.isPending) return;
          rememberDecided(toReject.id);
          decide.mutate({ userId: toReject.id, decision: 'rejected' });
        }}
        onCancel={() => setToReject(null)}
      />
    </div>
  );
}

function DecisionButtons({
  user,
  deciding,
  onApprove,
  onReject,
  stacked = false,
}: RowActions & { user: PendingUser; stacked?: boolean }) {
  const busy = deciding !== undefined;
  const approving = deciding?.userId === user.id && deciding.decision === 'approved';
  const name = fullName(user);
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex flex-wrap gap-2'}>
      <Button
        size="sm"
        aria-label={`Approve ${name}`}
        disabled={busy}
        onClick={() => onApprove(user)}
        {...{ [ROW_FOCUS_ATTRIBUTE]: user.id }}
      >
        <Check aria-hidden="true" />
        {approving ? 'Approving...' : 'Approve'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Reject ${name}`}
        disabled={busy}
        onClick={() => onReject(user)}
        className="text-destructive"
      >
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}

function PendingBadge() {
  return <Badge variant="warning">Pending</Badge>;
}

function PendingUsersTable({ users, ...actions }: RowActions & { users: readonly PendingUser[] }) {
  return (
    <Table aria-label="Pending users">
      <TableHeader>
        <TableRow>
          <TableHead>User Details</TableHead>
          <TableHead>Business</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Registration Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="max-w-56">
              <span className="block font-medium break-words">{fullName(user)}</span>
              <span className="block text-xs break-all text-muted-foreground">@{user.username}</span>
            </TableCell>
            <TableCell className="max-w-48 break-words">{user.businessName ?? '—'}</TableCell>
            <TableCell className="max-w-56">
              <a href={`mailto:${user.email}`} className="block break-all text-primary hover:underline">
                {user.email}
              </a>
              {user.phone ? <span className="block text-xs text-muted-foreground">{user.phone}</span> : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDate(user.createdAt, DATE_TIME_FORMAT)}
            </TableCell>
            <TableCell>
              <PendingBadge />
            </TableCell>
            <TableCell>
              <DecisionButtons user={user} {...actions} stacked />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Under 1280 px each registration is a card. */
function PendingUsersCards({ users, ...actions }: RowActions & { users: readonly PendingUser[] }) {
  return (
    <UserCardList label="Pending users">
      {users.map((user) => (
        <UserCard
          key={user.id}
          name={
            <>
              <p className="font-medium break-words">{fullName(user)}</p>
              <p className="text-xs break-all text-muted-foreground">@{user.username}</p>
            </>
          }
          badges={<PendingBadge />}
          details={
            <>
              <dt className="text-muted-foreground">Business</dt>
              <dd className="break-words">{user.businessName ?? '—'}</dd>
              <dt className="text-muted-foreground">Contact</dt>
              <dd className="min-w-0">
                <a href={`mailto:${user.email}`} className="block break-all text-primary hover:underline">
                  {user.email}
                </a>
                {user.phone ? <span className="block text-muted-foreground">{user.phone}</span> : null}
              </dd>
              <dt className="text-muted-foreground">Registration Date</dt>
              <dd>{formatDate(user.createdAt, DATE_TIME_FORMAT)}</dd>
            </>
          }
          actions={<DecisionButtons user={user} {...actions} />}
        />
      ))}
    </UserCardList>
  );
}
