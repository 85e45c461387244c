import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';

interface FaqDialogFormOptions<Form extends FieldValues, Values> {
  initial: Form;
  /** What the API's schema judges: the form's texts turned into the request's values. */
  toPayload: (form: Form) => unknown;
  schema: z.ZodType<Values>;
  saving: boolean;
  onSave: (values: Values) => void;
}

/**
 * The react-hook-form form of a category or item dialog: the texts as typed (isActive, which has no field,
 * rides along in the values), judged at submit by the API's schema after `toPayload`, each field showing its
 * first message; the submit saves the parsed values (nothing while a save runs).
 */
export function useFaqDialogForm<Form extends FieldValues, Values>({
  initial,
  toPayload,
  schema,
  saving,
  onSave,
}: FaqDialogFormOptions<Form, Values>) {
  const formId = useId();
  const form = useForm<Form, unknown, Values>({
    defaultValues: initial as DefaultValues<Form>,
    // The payload's names are the fields', so each message lands on the field it is about.
    resolver: schemaResolver(z.preprocess((values) => toPayload(values as Form), schema)),
    ...JUDGED_ON_SUBMIT,
  });
  const onSubmit = submitUnlessPending(saving, form.handleSubmit(onSave));
  return { formId, form, onSubmit };
}

interface FaqDialogFooterProps {
  formId: string;
  mode: 'create' | 'edit';
  saving: boolean;
  onCancel: () => void;
}

/**
 * Cancel and Create/Update; the save button is disabled while the save runs (docs/admin.md#faq-management).
 */
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
