import { useEffect, useRef } from 'react';
import type { TotpSetup } from '../../../shared/schemas/admin-session';
import { CodeField } from '../../components/admin/code-field';
import { useCodeForm } from '../../components/admin/use-code-form';
import { Button } from '../../components/ui/button';
import { submitUnlessPending } from '../../lib/form';
import { useConfirmTotpSetup, type ConfirmedSetup, type SetupPlace } from './security-api';

/** The key in groups of four, as apps show it; spaces are ignored when it is typed in. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The set-up itself (docs/admin.md#security): the QR code (made by the server), the key to type when the code
 * cannot be scanned, and the first code to confirm it.
 */
export function TotpSetupForm({
  setup,
  place,
  onConfirmed,
  onCancel,
  onExpired,
}: {
  setup: TotpSetup;
  place: SetupPlace;
  onConfirmed: (confirmed: ConfirmedSetup) => void;
  onCancel?: (() => void) | undefined;
  /** At sign-in: the pending sign-in is over. */
  onExpired?: (() => void) | undefined;
}) {
  const { form, refuse } = useCodeForm();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  // A wrong code shows under the field, which is emptied and takes the focus again (issue 31 finding 8).
  const confirm = useConfirmTotpSetup(place, { onRefused: refuse, onExpired });
  const onSubmit = submitUnlessPending(
    confirm.isPending,
    handleSubmit(({ code }) => confirm.mutate(code, { onSuccess: onConfirmed })),
  );
  const submitLabel = place === 'sign-in' ? 'Verify and sign in' : 'Turn on';
  // The button that opened the set-up is gone: the instructions take the focus, so the keyboard and a
  // screen reader start at step 1.
  const stepsRef = useRef<HTMLOListElement>(null);
  useEffect(() => stepsRef.current?.focus(), []);

  return (
    <div className="flex flex-col gap-5">
      <ol
        ref={stepsRef}
        tabIndex={-1}
        aria-label="Set-up steps"
        className="flex list-decimal flex-col gap-4 pl-5 text-sm marker:font-semibold focus-visible:outline-2 focus-visible:outline-ring"
      >
        <li className="space-y-3">
          <p>
            Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft
            Authenticator or 1Password).
          </p>
          <img
            src={setup.qrCodeDataUrl}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="size-48 rounded-lg border border-border bg-white p-2"
          />
        </li>
        <li className="space-y-2">
          <p>Can’t scan it? Enter this key in the app instead:</p>
          <p>
            <code className="inline-block rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm tracking-wider break-all select-all">
              {groupedKey(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows.</p>
        </li>
      </ol>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <CodeField kind="totp" {...register('code')} error={errors.code?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
            {confirm.isPending ? 'Verifying...' : submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
