import { faqCategoryInputSchema, type FaqCategoryValues } from '../../../shared/schemas/faq';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FaqDialogFooter, useFaqDialogForm } from './faq-dialog-form';
import { categoryPayload, type CategoryFormState } from './faq-form';

interface CategoryDialogProps {
  mode: 'create' | 'edit';
  initial: CategoryFormState;
  /** The save is running: the Create/Update button is disabled (docs/admin.md#faq-management). */
  saving: boolean;
  onCancel: () => void;
  onSave: (values: FaqCategoryValues) => void;
}

/**
 * 'Create New Category' / 'Edit Category' (docs/admin.md#faq-management): Title and Display Order, Cancel and
 * Create/Update. isActive has no field; the form keeps the category's value. Mounted only while open, so each
 * opening starts from `initial`.
 */
export function CategoryDialog({ mode, initial, saving, onCancel, onSave }: CategoryDialogProps) {
  const {
    formId,
    form: {
      register,
      formState: { errors },
    },
    onSubmit,
  } = useFaqDialogForm({
    initial,
    toPayload: categoryPayload,
    schema: faqCategoryInputSchema,
    saving,
    onSave,
  });

  return (
    <Dialog
      open
      onClose={onCancel}
      title={mode === 'create' ? 'Create New Category' : 'Edit Category'}
      footer={<FaqDialogFooter formId={formId} mode={mode} saving={saving} onCancel={onCancel} />}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label="Title" autoComplete="off" {...register('title')} error={errors.title?.message} />
        <Field
          label="Display Order"
          type="number"
          inputMode="numeric"
          step={1}
          {...register('displayOrder')}
          error={errors.displayOrder?.message}
        />
      </form>
    </Dialog>
  );
}
