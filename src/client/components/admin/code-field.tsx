import type { ComponentProps } from 'react';
import { Button } from '../ui/button';
import { Field } from '../ui/field';

/** What the code field takes: a code from the authenticator app, or a recovery code. */
export type CodeKind = 'totp' | 'recovery';

type CodeFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  kind: CodeKind;
  /** Offers 'Use a recovery code' / 'Use your authenticator app'; absent where only an app code will do. */
  onKindChange?: (kind: CodeKind) => void;
  error?: string | null;
};

/**
 * The second factor's code input (docs/admin.md#security): 'Authentication code' with the one-time-code
 * autofill and a numeric keyboard, or 'Recovery code' (letters and digits) when the administrator switches.
 */
export function CodeField({ kind, onKindChange, error, ...inputProps }: CodeFieldProps) {
  const totp = kind === 'totp';
  return (
    <div className="flex flex-col gap-1">
      <Field
        key={kind}
        label={totp ? 'Authentication code' : 'Recovery code'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={totp ? 7 : 24}
        required
        hint={
          totp
            ? 'The 6-digit code your authenticator app shows for this portal.'
            : 'One of the recovery codes you saved, such as abcd-efgh-ijkl-mnop.'
        }
        error={error}
        className="[&_input]:font-mono [&_input]:tracking-widest"
        {...inputProps}
      />
      {onKindChange ? (
        <Button
          variant="link"
          size="sm"
          className="self-start px-0"
          onClick={() => onKindChange(totp ? 'recovery' : 'totp')}
        >
          {totp ? 'Use a recovery code' : 'Use your authenticator app'}
        </Button>
      ) : null}
    </div>
  );
}
