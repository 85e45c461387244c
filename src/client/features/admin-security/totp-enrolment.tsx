import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TotpSetup } from '../../../shared/schemas/admin-session';
import { Button } from '../../components/ui/button';
import { PasswordCheckForm } from './password-check-form';
import { setupRefusal, useBeginTotpSetup, type ConfirmedSetup, type SetupPlace } from './security-api';
import { TotpSetupForm } from './totp-setup-form';

/**
 * Setting up the second factor (docs/admin.md#security): `intro` and 'Set up two-factor authentication' (in the
 * Security section, then the current password), then the QR code, the key and the first code. `onConfirmed` gets the recovery codes (and, at sign-in, the
 * administrator now signed in): showing them, once, is the caller's (RecoveryCodesNotice).
 */
export function TotpEnrolment({
  place,
  intro,
  onConfirmed,
  onExpired,
  autoFocus = false,
}: {
  place: SetupPlace;
  /** The start button takes the focus (at sign-in, where it replaces the password form). */
  autoFocus?: boolean;
  intro: ReactNode;
  onConfirmed: (confirmed: ConfirmedSetup) => void;
  /** At sign-in: the pending sign-in is over (the server says 410), so the password is asked again. */
  onExpired?: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  // In the Security section the password is asked first (docs/security.md#the-second-factor).
  const [askingPassword, setAskingPassword] = useState(false);
  const begin = useBeginTotpSetup(place, { onExpired });

  if (setup) {
    return (
      <TotpSetupForm
        setup={setup}
        place={place}
        onConfirmed={onConfirmed}
        onCancel={place === 'portal' ? () => setSetup(null) : undefined}
        onExpired={onExpired}
      />
    );
  }
  if (askingPassword) {
    return (
      <PasswordCheckForm
        pending={begin.isPending}
        onSubmit={(currentPassword, refused) =>
          begin.mutate(currentPassword, {
            onSuccess: (started) => {
              setAskingPassword(false);
              setSetup(started);
            },
            onError: (error) => refused(setupRefusal(error)),
          })
        }
        onCancel={() => setAskingPassword(false)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {intro}
      <Button
        className="self-start"
        autoFocus={autoFocus}
        disabled={begin.isPending}
        aria-busy={begin.isPending || undefined}
        onClick={() =>
          place === 'portal' ? setAskingPassword(true) : begin.mutate(undefined, { onSuccess: setSetup })
        }
      >
        <ShieldCheck aria-hidden="true" />
        {begin.isPending ? 'Starting...' : 'Set up two-factor authentication'}
      </Button>
    </div>
  );
}
