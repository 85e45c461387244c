import { useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { TotpStatus } from '../../../shared/schemas/admin-session';
import { ListState } from '../../components/admin/list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { CodeDialog } from './code-dialog';
import { RecoveryCodesNotice } from './recovery-codes';
import {
  SECURITY_FALLBACKS,
  totpStatusQueryOptions,
  useDisableTotp,
  useRefreshTotpStatus,
  useRegenerateRecoveryCodes,
} from './security-api';
import { TotpEnrolment } from './totp-enrolment';

/** Below this many unused recovery codes the panel suggests new ones. */
const FEW_RECOVERY_CODES = 3;

const REQUIRED_NOTE =
  'This portal requires two-factor authentication: without it, your next sign-in asks you to set it up.';

/**
 * 'Two-factor authentication' in the Security section (docs/admin.md#security): whether the signed-in
 * administrator's sign-in asks for a code, setting it up, turning it off and new recovery codes (each with a
 * fresh code).
 */
export function TwoFactorPanel() {
  const status = useQuery(totpStatusQueryOptions);
  const refresh = useRefreshTotpStatus();
  const headingId = useId();
  // New recovery codes (from a set-up or a regeneration), shown until the administrator has saved them.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        {enabled === undefined ? null : (
          <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
        )}
      </div>
      {freshCodes ? (
        <RecoveryCodesNotice codes={freshCodes} onDone={() => setFreshCodes(null)} />
      ) : (
        <ListState
          query={status}
          isEmpty={false}
          loadingText="Loading two-factor authentication..."
          emptyText=""
          errorPrefix="Error loading two-factor authentication: "
        >
          {status.data?.enabled ? (
            <EnabledView status={status.data} onNewCodes={setFreshCodes} />
          ) : (
            <TotpEnrolment
              place="portal"
              onConfirmed={({ recoveryCodes }) => {
                setFreshCodes(recoveryCodes);
                void refresh();
              }}
              intro={
                <div className="space-y-2 text-sm">
                  <p>
                    Sign-in asks only for your password. Turn on two-factor authentication to also ask for a
                    code from an authenticator app on your phone.
                  </p>
                  {status.data?.required ? <p className="font-medium">{REQUIRED_NOTE}</p> : null}
                </div>
              }
            />
          )}
        </ListState>
      )}
    </section>
  );
}

type Open = 'none' | 'disable' | 'regenerate';

function EnabledView({ status, onNewCodes }: { status: TotpStatus; onNewCodes: (codes: string[]) => void }) {
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');
  const disable = useDisableTotp({ onDone: close });
  const regenerate = useRegenerateRecoveryCodes({
    onDone: (codes) => {
      close();
      onNewCodes(codes);
    },
  });

  const few = status.recoveryCodesLeft <= FEW_RECOVERY_CODES;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>
        Sign-in asks for a code from your authenticator app. On since{' '}
        {formatDate(status.enabledAt, DATE_TIME_FORMAT)}.
      </p>
      <p className={few ? 'font-medium text-destructive' : undefined}>
        Recovery codes left: {status.recoveryCodesLeft} of 10
        {few ? '. Make new ones before you run out.' : ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => setOpen('regenerate')}>
          <KeyRound aria-hidden="true" />
          New recovery codes
        </Button>
        {/* Required by the portal: the server refuses to turn it off (docs/security.md#the-second-factor). */}
        {status.required ? null : (
          <Button variant="outline" onClick={() => setOpen('disable')}>
            <ShieldOff aria-hidden="true" />
            Turn off
          </Button>
        )}
      </div>
      {open === 'disable' ? (
        <CodeDialog
          title="Turn off two-factor authentication"
          description={
            <>
              Enter a current code from your authenticator app, or a recovery code. Sign-in then asks only for
              your password.
            </>
          }
          label="Turn off"
          pendingLabel="Turning off..."
          pending={disable.isPending}
          onSubmit={(code, refused) =>
            disable.mutate(code, {
              onError: (error) => refused(serverMessage(error, SECURITY_FALLBACKS.disable)),
            })
          }
          onClose={close}
        />
      ) : null}
      {open === 'regenerate' ? (
        <CodeDialog
          title="New recovery codes"
          description="Enter a current code from your authenticator app, or a recovery code. Ten new codes replace the ones you have; the old ones stop working."
          label="Make new codes"
          pendingLabel="Making codes..."
          pending={regenerate.isPending}
          onSubmit={(code, refused) =>
            regenerate.mutate(code, {
              onError: (error) => refused(serverMessage(error, SECURITY_FALLBACKS.recoveryCodes)),
            })
          }
          onClose={close}
        />
      ) : null}
    </div>
  );
}
