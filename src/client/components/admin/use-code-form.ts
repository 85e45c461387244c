import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { totpCodeRequestSchema, type TotpCodeRequest } from '../../../shared/schemas/admin-session';
import { JUDGED_ON_SUBMIT, schemaResolver } from '../../lib/form';
import type { CodeKind } from './code-field';

/**
 * The form behind a CodeField (the sign-in code step, the set-up, the dialogs that need a fresh code): which
 * kind of code is asked for, the form itself, `refuse` (after a refused code: the field emptied, the refusal
 * under it, the cursor in it; issue 31 finding 8) and `switchKind` (CodeField's onKindChange: the other kind,
 * the field emptied and its error gone).
 */
export function useCodeForm() {
  const [kind, setKind] = useState<CodeKind>('totp');
  const form = useForm<TotpCodeRequest>({
    resolver: schemaResolver(totpCodeRequestSchema),
    defaultValues: { code: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const { setValue, setFocus, setError, clearErrors } = form;
  return {
    kind,
    form,
    refuse: (message: string) => {
      setValue('code', '');
      setError('code', { type: 'server', message });
      setFocus('code');
    },
    switchKind: (next: CodeKind) => {
      setKind(next);
      setValue('code', '');
      clearErrors('code');
    },
  };
}
