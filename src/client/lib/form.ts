import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent, FormEvent } from 'react';
import type {
  FieldErrors,
  FieldPath,
  FieldValues,
  Resolver,
  UseFormProps,
  UseFormSetError,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from './api';

/**
 * How the portal's forms judge (docs/decisions/0026-forms-with-react-hook-form.md, issue 31 finding 8): at
 * submit only, so a message stays until the next submit instead of changing while the person types; each
 * problem is shown under its own field (`Field`, `SelectField`: aria-invalid, aria-describedby) and the focus
 * moves to the first field with a problem. Spread into `useForm`.
 */
export const JUDGED_ON_SUBMIT = {
  reValidateMode: 'onSubmit',
  shouldFocusError: true,
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

/** The problems of a form, each under the field it belongs to. */
type FieldProblems<Values extends FieldValues> = Partial<Record<FieldPath<Values>, string>>;

/**
 * A field's own message (issue 31 finding 8). Where the spec has one sentence for every empty field of a form
 * ('All fields are required', 'Please fill out all required fields'), a field left empty says
 * '{label} is required' and the sentence stays the form's summary (`formWideProblem`), so neither repeats the
 * other.
 */
export function fieldMessage(
  error: { message?: string } | undefined,
  label: string,
  requiredSentence?: string,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return message === requiredSentence ? `${label} is required` : message;
}

/** `sentence` when a field of the form has it as its problem, else null: the form's one summary line. */
export function formWideProblem(errors: FieldErrors, sentence: string): string | null {
  return Object.values(errors).some((error) => error?.message === sentence) ? sentence : null;
}

/** A form judged by the spec's own rules: the values to send, or the problem of each wrong field. */
export type FormVerdict<Values extends FieldValues, Output = Values> =
  { ok: true; values: Output } | { ok: false; problems: FieldProblems<Values> };

/**
 * A resolver for a form judged by the spec's own rules rather than by a schema (the register form's
 * required fields, the password rules and then 'Passwords don't match'): each problem is its field's error,
 * so the field is marked invalid and shows it.
 */
export function verdictResolver<Values extends FieldValues, Output = Values>(
  judge: (values: Values) => FormVerdict<Values, Output>,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const verdict = judge(values);
    if (verdict.ok) return { values: verdict.values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(verdict.problems).map(([name, message]) => [name, { type: 'validate', message }]),
    ) as FieldErrors<Values>;
    return { values: {}, errors };
  };
}

/**
 * The field problems of an API refusal: a 400 whose `details` name fields, `[{ field, message }]`
 * (docs/architecture.md#error-model), the registration's required fields among them.
 */
function serverFieldProblems(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message } = item as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/**
 * Puts an API refusal's field problems on the form's own `fields`, as a problem found in the browser shows
 * (under the field, aria-invalid), and moves the focus to the first of them. True when any landed, so the
 * caller need not show the refusal again as a whole.
 */
export function showServerFieldProblems<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): boolean {
  const known = serverFieldProblems(error).filter(({ field }) =>
    (fields as readonly string[]).includes(field),
  );
  // The first problem of each field, in the form's order, so the focus goes to the topmost.
  const ordered = fields.flatMap((name) => known.find(({ field }) => field === name) ?? []);
  ordered.forEach(({ field, message }, index) =>
    setError(field as FieldPath<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return ordered.length > 0;
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
