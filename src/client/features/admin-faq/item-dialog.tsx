import { useId } from 'react';
import {
  FAQ_ANSWER_MAX,
  faqItemInputSchema,
  type FaqCategory,
  type FaqItemValues,
} from '../../../shared/schemas/faq';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClassName } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';
import { FaqDialogFooter, useFaqDialogForm } from './faq-dialog-form';
import { itemPayload, type ItemFormState } from './faq-form';

interface ItemDialogProps {
  mode: 'create' | 'edit';
  initial: ItemFormState;
  categories: readonly FaqCategory[];
  /** The save is running: the Create/Update button is disabled (spec 001 §4). */
  saving: boolean;
  onCancel: () => void;
  onSave: (values: FaqItemValues) => void;
}

/**
 * 'Add FAQ Item' / 'Edit FAQ Item' (spec 001 §2): Category select, Question, Answer (multi-line) and
 * Display Order, Cancel and Create/Update. isActive has no field; the form keeps the item's value.
 */
export function ItemDialog({ mode, initial, categories, saving, onCancel, onSave }: ItemDialogProps) {
  const answerId = useId();
  const { formId, form, errors, update, onSubmit } = useFaqDialogForm({
    initial,
    toPayload: itemPayload,
    schema: faqItemInputSchema,
    saving,
    onSave,
  });

  const options = [
    ...(form.categoryId === '' ? [{ value: '', label: 'Select a category' }] : []),
    ...categories.map((category) => ({ value: String(category.id), label: category.title })),
  ];
  const answerErrorId = errors.answer ? `${answerId}-error` : undefined;

  return (
    <Dialog
      open
      onClose={onCancel}
      title={mode === 'create' ? 'Add FAQ Item' : 'Edit FAQ Item'}
      footer={<FaqDialogFooter formId={formId} mode={mode} saving={saving} onCancel={onCancel} />}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <SelectField
          label="Category"
          name="categoryId"
          value={form.categoryId}
          options={options}
          error={errors.categoryId}
          onChange={(event) => update('categoryId')(event.target.value)}
        />
        <Field
          label="Question"
          name="question"
          autoComplete="off"
          value={form.question}
          error={errors.question}
          onChange={(event) => update('question')(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={answerId} className="text-sm font-medium">
            Answer
          </label>
          <textarea
            id={answerId}
            name="answer"
            rows={5}
            value={form.answer}
            aria-invalid={errors.answer ? true : undefined}
            aria-describedby={answerErrorId}
            onChange={(event) => update('answer')(event.target.value)}
            className={cn(inputClassName, 'h-auto min-h-28 py-2')}
          />
          <p className="text-xs text-muted-foreground">
            {form.answer.length}/{FAQ_ANSWER_MAX}
          </p>
          {errors.answer ? (
            <p id={answerErrorId} className="text-sm text-destructive">
              {errors.answer}
            </p>
          ) : null}
        </div>
        <Field
          label="Display Order"
          name="displayOrder"
          type="number"
          inputMode="numeric"
          step={1}
          value={form.displayOrder}
          error={errors.displayOrder}
          onChange={(event) => update('displayOrder')(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
