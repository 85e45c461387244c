import { Controller, useWatch } from 'react-hook-form';
import {
  FAQ_ANSWER_MAX,
  faqItemInputSchema,
  type FaqCategory,
  type FaqItemValues,
} from '../../../shared/schemas/faq';
import { Dialog } from '../../components/ui/dialog';
import { Field, TextAreaField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { FaqDialogFooter, useFaqDialogForm } from './faq-dialog-form';
import { itemPayload, type ItemFormState } from './faq-form';

interface ItemDialogProps {
  mode: 'create' | 'edit';
  initial: ItemFormState;
  categories: readonly FaqCategory[];
  /** The save is running: the Create/Update button is disabled (docs/admin.md#faq-management). */
  saving: boolean;
  onCancel: () => void;
  onSave: (values: FaqItemValues) => void;
}

/**
 * 'Add FAQ Item' / 'Edit FAQ Item' (docs/admin.md#faq-management): Category select, Question, Answer
 * (multi-line) and Display Order, Cancel and Create/Update. isActive has no field; the form keeps the item's
 * value.
 */
export function ItemDialog({ mode, initial, categories, saving, onCancel, onSave }: ItemDialogProps) {
  const {
    formId,
    form: {
      register,
      control,
      formState: { errors },
    },
    onSubmit,
  } = useFaqDialogForm({
    initial,
    toPayload: itemPayload,
    schema: faqItemInputSchema,
    saving,
    onSave,
  });

  const [categoryId, answer] = useWatch({ control, name: ['categoryId', 'answer'] });
  const options = [
    ...(categoryId === '' ? [{ value: '', label: 'Select a category' }] : []),
    ...categories.map((category) => ({ value: String(category.id), label: category.title })),
  ];

  return (
    <Dialog
      open
      onClose={onCancel}
      title={mode === 'create' ? 'Add FAQ Item' : 'Edit FAQ Item'}
      footer={<FaqDialogFooter formId={formId} mode={mode} saving={saving} onCancel={onCancel} />}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <SelectField label="Category" {...field} options={options} error={errors.categoryId?.message} />
          )}
        />
        <Field
          label="Question"
          autoComplete="off"
          {...register('question')}
          error={errors.question?.message}
        />
        <TextAreaField
          label="Answer"
          rows={5}
          {...register('answer')}
          textAreaClassName="min-h-28"
          hint={`${answer.length}/${FAQ_ANSWER_MAX}`}
          error={errors.answer?.message}
        />
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
