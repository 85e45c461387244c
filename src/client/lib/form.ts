import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent, FormEvent } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormProps } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * How most of the portal's forms judge (docs/decisions/0026-forms-with-react-hook-form.md): at submit only,
 * so a message stays until the next submit instead of changing while the person types, and the focus stays
 * where it was. Spread into `useForm`; a form that moves the focus to its first wrong field, or re-judges as
 * the person types, says so with react-hook-form's own options instead.
 */
export const JUDGED_ON_SUBMIT = {
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies UseFormProps;

/**
 * zodResolver for a form judged by the API's own schema (zod or zod/mini), typed by what the form's inputs
 * hold rather than by the schema's input type: the inputs hold text as typed ('' before a role is chosen,
 * '7.5' for a discount), which the schema takes as it would from an older client, trimming and parsing it.
 * The resolver's values are the schema's output, which is what the form sends.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: $ZodType<Output>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema as $ZodType<Output, FieldValues>) as unknown as Resolver<Values, unknown, Output>;
}

/**
 * The first message among `errors`, in the order the resolver reported them (a zod schema's order of checks),
 * or null: the one problem a form shows in its alert.
 */
export function firstErrorMessage(errors: FieldErrors): string | null {
  for (const [key, error] of Object.entries(errors)) {
    // A field error's `ref` is the input itself, and `types` holds only strings.
    if (key === 'ref' || key === 'types' || !error || typeof error !== 'object') continue;
    if (typeof error.message === 'string' && error.message !== '') return error.message;
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested !== null) return nested;
  }
  return null;
}

/** A form judged as a whole: the values to send, or its one problem. */
export type FormVerdict<Output> = { ok: true; values: Output } | { ok: false; problem: string };

/**
 * A resolver for a form judged as a whole by the spec's own rules rather than field by field by a schema
 * (the register form's 'Missing Required Fields: …', the password rules and then 'Passwords don't match'):
 * its one problem is `errors.root.message`, which no field owns, so no field is marked invalid.
 */
export function verdictResolver<Values extends FieldValues, Output = Values>(
  judge: (values: Values) => FormVerdict<Output>,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const verdict = judge(values);
    if (verdict.ok) return { values: verdict.values, errors: {} };
    const errors = { root: { type: 'validate', message: verdict.problem } } as FieldErrors<Values>;
    return { values: {}, errors };
  };
}

/**
 * The form's onSubmit: nothing while `pending` (an Enter in a field must not send the form twice), else
 * `submit`, which is react-hook-form's `handleSubmit(onValid)`.
 */
export function submitUnlessPending(pending: boolean, submit: (event?: BaseSyntheticEvent) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (pending) event.preventDefault();
    else void submit(event);
  };
}
