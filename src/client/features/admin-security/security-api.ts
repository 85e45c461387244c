// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminEnrolledSignInSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../../../shared/schemas/admin-session';
import { messageResponseSchema, type CurrentUser } from '../../../shared/schemas/auth';
import { ERROR_CODES } from '../../../shared/error-codes';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { toast } from '../../lib/toast';

/** The fallbacks shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const SECURITY_FALLBACKS = {
  setup: 'Failed to start two-factor set-up',
  confirm: 'Failed to turn on two-factor authentication',
  disable: 'Failed to turn off two-factor authentication',
  recoveryCodes: 'Failed to make new recovery codes',
} as const;

export const TOTP_STATUS_QUERY_KEY = ['admin', 'security', 'totp'] as const;

/** GET /api/admin/security/totp: the signed-in administrator's second factor. */
export const totpStatusQueryOptions = queryOptions({
  queryKey: TOTP_STATUS_QUERY_KEY,
  queryFn: ({ signal }) => requestJson('/api/admin/security/totp', totpStatusSchema, { signal }),
});

/**
 * Where a set-up happens: in the Security section (signed in), or at sign-in when the portal requires a second
 * factor and the administrator has none (a pending sign-in, no session yet).
 */
export type SetupPlace = 'portal' | 'sign-in';

const SETUP_PATHS = {
  portal: { begin: '/api/admin/security/totp/setup', confirm: '/api/admin/security/totp/confirm' },
  'sign-in': { begin: '/api/admin/login/enrolment', confirm: '/api/admin/login/enrolment/confirm' },
} as const;

/** At sign-in: the pending sign-in has expired or was dropped (410), so the password must be typed again. */
const isSignInExpired = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.GONE;

/**
 * A new secret: its QR code and key. In the Security section it takes the administrator's current password
 * (docs/security.md#the-second-factor), and a refusal is the password form's to show; at sign-in a failure
 * shows 'Error' with the server's message or the fallback.
 */
export function useBeginTotpSetup(place: SetupPlace, { onExpired }: { onExpired?: () => void } = {}) {
  return useMutation({
    mutationFn: (currentPassword?: string) =>
      requestJson(SETUP_PATHS[place].begin, totpSetupSchema, {
        method: 'POST',
        ...(place === 'portal' ? { body: { currentPassword } } : {}),
      }),
    onError: (error) => {
      if (place === 'portal') return;
      showError(error, SECURITY_FALLBACKS.setup);
      if (isSignInExpired(error)) onExpired?.();
    },
  });
}

/** What the password form shows when a set-up is refused: the server's message, or the fallback. */
export const setupRefusal = (error: unknown) => serverMessage(error, SECURITY_FALLBACKS.setup);

export interface ConfirmedSetup {
  recoveryCodes: string[];
  /** At sign-in: the administrator, now signed in. */
  user: CurrentUser | null;
}

/**
 * The set-up confirmed with its first code: the recovery codes to show once. A refusal ('Invalid
 * authentication code', or the fallback) goes to `onRefused`, for the code field to show; an expired sign-in
 * shows 'Error' and goes back to the password.
 */
export function useConfirmTotpSetup(
  place: SetupPlace,
  { onRefused, onExpired }: { onRefused: (message: string) => void; onExpired?: (() => void) | undefined },
) {
  return useMutation({
    mutationFn: async (code: string): Promise<ConfirmedSetup> => {
      const options = { method: 'POST', body: { code } } as const;
      if (place === 'sign-in')
        return requestJson(SETUP_PATHS[place].confirm, adminEnrolledSignInSchema, options);
      const { recoveryCodes } = await requestJson(SETUP_PATHS[place].confirm, recoveryCodesSchema, options);
      return { recoveryCodes, user: null };
    },
    onError: (error) => {
      if (isSignInExpired(error) && onExpired) {
        showError(error, SECURITY_FALLBACKS.confirm);
        onExpired();
      } else onRefused(serverMessage(error, SECURITY_FALLBACKS.confirm));
    },
  });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TOTP_STATUS_QUERY_KEY });
}

/**
 * 'Turn off' with a fresh code: success toasts the server's message; a refusal is the code dialog's to show
 * (two-factor-panel.tsx); the status reloads either way.
 */
export function useDisableTotp({ onDone }: { onDone: () => void }) {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) =>
      requestJson('/api/admin/security/totp/disable', messageResponseSchema, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
      onDone();
    },
    onSettled: refresh,
  });
}

/** 'New recovery codes' with a fresh code: the new codes, to show once; a refusal is the dialog's to show. */
export function useRegenerateRecoveryCodes({ onDone }: { onDone: (codes: string[]) => void }) {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) =>
      requestJson('/api/admin/security/totp/recovery-codes', recoveryCodesSchema, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (answer) => onDone(answer.recoveryCodes),
    onSettled: refresh,
  });
}

/** After a set-up in the portal: the status shows it on. */
export function useRefreshTotpStatus() {
  return useRefreshStatus();
}
