import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

/**
 * A small form of text inputs and selects (values as typed, by field name), judged by the API's own zod
 * schema on submit so that its message is the server's: the values, a setter per field, and the first
 * problem of a failed parse (null once the form is valid).
 */
export function useSchemaForm<Values extends Record<keyof Values, string>, Output>(
  schema: z.ZodType<Output>,
  initial: Values | (() => Values),
) {
  const [values, setValues] = useState<Values>(initial);
  const [problem, setProblem] = useState<string | null>(null);

  /** The change handler of one field's input or select. */
  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  /** The form's submit handler: nothing while `pending`, else the parsed values to `onValid`. */
  const handleSubmit =
    (pending: boolean, onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message ?? null);
        return;
      }
      setProblem(null);
      onValid(parsed.data);
    };

  return { values, setValues, set, problem, handleSubmit };
}
