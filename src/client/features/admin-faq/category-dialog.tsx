import { useId, useState, type FormEvent } from 'react';
import { faqCategoryInputSchema, type FaqCategoryValues } from '../../../shared/schemas/faq';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { categoryPayload, fieldErrors, type CategoryFormState } from './faq-form';

interface CategoryDialogProps {
  mode: 'create' | 'edit';
  initial: CategoryFormState;
  /** The save is running: the Create/Update button is disabled (spec 001 §4). */
  saving: boolean;
  onCancel: () => void;
  onSave: (values: FaqCategoryValues) => void;
}

/**
 * 'Create New Category' / 'Edit Category' (spec 001 §2): Title and Display Order, Cancel and Create/Update.
 * isActive has no field; the form keeps the category's value. Mounted only while open, so each opening
 * starts from `initial`.
 */
export function CategoryDialog({ mode, initial, saving, onCancel, onSave }: CategoryDialogProps) {
  const formId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = faqCategoryInputSchema.safeParse(categoryPayload(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      title={mode === 'create' ? 'Create New Category' : 'Edit Category'}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {mode === 'create' ? 'Create' : 'Update'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label="Title"
          name="title"
          autoComplete="off"
          value={form.title}
          error={errors.title}
          onChange={(event) => {
            const { value } = event.target;
            setForm((current) => ({ ...current, title: value }));
          }}
        />
        <Field
          label="Display Order"
          name="displayOrder"
          type="number"
          inputMode="numeric"
          step={1}
          value={form.displayOrder}
          error={errors.displayOrder}
          onChange={(event) => {
            const { value } = event.target;
            setForm((current) => ({ ...current, displayOrder: value }));
          }}
        />
      </form>
    </Dialog>
  );
}
