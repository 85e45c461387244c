import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { fieldErrors } from './faq-form';

/** The form's text fields (isActive has no field). */
type TextField<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form];

interface FaqDialogFormOptions<Form, Values> {
  initial: Form;
  /** What the API's schema judges: the form's texts turned into the request's values. */
  toPayload: (form: Form) => unknown;
  schema: z.ZodType<Values>;
  saving: boolean;
  onSave: (values: Values) => void;
}

/**
 * The state of a category or item dialog: the texts as typed, the first message per field of the last
 * failed parse, and a submit that saves the parsed values (nothing while a save runs).
 */
export function useFaqDialogForm<Form, Values>({
  initial,
  toPayload,
  schema,
  saving,
  onSave,
}: FaqDialogFormOptions<Form, Values>) {
  const formId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = (name: TextField<Form>) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = schema.safeParse(toPayload(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  return { formId, form, errors, update, onSubmit };
}

interface FaqDialogFooterProps {
  formId: string;
  mode: 'create' | 'edit';
  saving: boolean;
  onCancel: () => void;
}

/** Cancel and Create/Update; the save button is disabled while the save runs (spec 001 §4). */
export function FaqDialogFooter({ formId, mode, saving, onCancel }: FaqDialogFooterProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={saving}>
        {mode === 'create' ? 'Create' : 'Update'}
      </Button>
    </>
  );
}
