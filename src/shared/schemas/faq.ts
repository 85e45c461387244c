import { z } from 'zod';
import { MAX_ID } from '../limits';
import { sentence } from './messages';
import { multiLine, oneLine } from './text';
import { idSchema } from './pricing';

/**
 * Contracts of the FAQ (docs/admin.md#faq-management, docs/support-and-faq.md#faq): the admin API and the
 * public GET /api/faq/categories and /api/faq/items. The form rules were left open ('the exact schema rules
 * are not shown'); these are ours: text trimmed and required, an answer up to 5000 characters, a whole-number
 * display order.
 */

export const FAQ_TITLE_MAX = 200;
export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 5000;
/** Far beyond any list a person would sort by hand, far inside the database's integer column. */
export const FAQ_DISPLAY_ORDER_LIMIT = 1_000_000;

export const FAQ_MESSAGES = {
  titleRequired: sentence('Title is required'),
  titleTooLong: sentence(`Title must be at most ${FAQ_TITLE_MAX} characters`),
  questionRequired: sentence('Question is required'),
  questionTooLong: sentence(`Question must be at most ${FAQ_QUESTION_MAX} characters`),
  answerRequired: sentence('Answer is required'),
  answerTooLong: sentence(`Answer must be at most ${FAQ_ANSWER_MAX} characters`),
  displayOrder: sentence('Display order must be a whole number'),
  displayOrderRange: sentence(
    `Display order must be between -${FAQ_DISPLAY_ORDER_LIMIT} and ${FAQ_DISPLAY_ORDER_LIMIT}`,
  ),
  category: sentence('Please select a category'),
  isActive: sentence('Active must be true or false'),
  unknownCategory: 'The selected FAQ category does not exist.',
  categoryNotFound: 'FAQ category not found',
  itemNotFound: 'FAQ item not found',
} as const;

/** The refusal of DELETE /api/admin/faq/categories/{id} while the category still holds items (409). */
export function categoryHasItemsMessage(count: number): string {
  const items = count === 1 ? '1 FAQ item' : `${count} FAQ items`;
  return `This category still holds ${items}. Delete them too to delete the category.`;
}

/** Required text: one line of printable text, or (an answer) printable text over several lines. */
const requiredText = (required: string, max: number, tooLong: string, lines: 'one' | 'many' = 'one') =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .superRefine(lines === 'one' ? oneLine() : multiLine());

const displayOrderSchema = z
  .number({ message: FAQ_MESSAGES.displayOrder })
  .int(FAQ_MESSAGES.displayOrder)
  .min(-FAQ_DISPLAY_ORDER_LIMIT, FAQ_MESSAGES.displayOrderRange)
  .max(FAQ_DISPLAY_ORDER_LIMIT, FAQ_MESSAGES.displayOrderRange);

/**
 * POST and PUT /api/admin/faq/categories(/{id}). `isActive` has no field on the form
 * (docs/admin.md#faq-management): a new category is active, an edit keeps what the category had unless the
 * body says otherwise.
 */
export const faqCategoryInputSchema = z.object({
  title: requiredText(FAQ_MESSAGES.titleRequired, FAQ_TITLE_MAX, FAQ_MESSAGES.titleTooLong),
  displayOrder: displayOrderSchema.default(0),
  isActive: z.boolean({ message: FAQ_MESSAGES.isActive }).optional(),
});
export type FaqCategoryInput = z.input<typeof faqCategoryInputSchema>;
export type FaqCategoryValues = z.output<typeof faqCategoryInputSchema>;

/** POST and PUT /api/admin/faq/items(/{id}). */
export const faqItemInputSchema = z.object({
  categoryId: z
    .number({ message: FAQ_MESSAGES.category })
    .int(FAQ_MESSAGES.category)
    .positive(FAQ_MESSAGES.category)
    .max(MAX_ID, FAQ_MESSAGES.category),
  question: requiredText(FAQ_MESSAGES.questionRequired, FAQ_QUESTION_MAX, FAQ_MESSAGES.questionTooLong),
  answer: requiredText(FAQ_MESSAGES.answerRequired, FAQ_ANSWER_MAX, FAQ_MESSAGES.answerTooLong, 'many'),
  displayOrder: displayOrderSchema.default(0),
  isActive: z.boolean({ message: FAQ_MESSAGES.isActive }).optional(),
});
export type FaqItemInput = z.input<typeof faqItemInputSchema>;
export type FaqItemValues = z.output<typeof faqItemInputSchema>;

const isoDate = z.string();

/** A category as the API sends it (docs/admin.md#faq-management). */
export const faqCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

/** An item as the API sends it (docs/admin.md#faq-management). */
export const faqItemSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** GET /api/faq/categories and /api/admin/faq/categories: sorted by displayOrder, then id. */
export const faqCategoryListSchema = z.array(faqCategorySchema);
/** GET /api/faq/items and /api/admin/faq/items: sorted by displayOrder, then id. */
export const faqItemListSchema = z.array(faqItemSchema);

/** `/{id}` of the admin FAQ calls. */
export const faqIdParamsSchema = z.object({ id: idSchema });

/** A blank query value (`?categoryId=`, as a select with 'All Categories' may leave it) means "not given". */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/faq/items?categoryId= (docs/admin.md#faq-management): all items, or one category's. */
export const faqItemsQuerySchema = z.object({
  categoryId: z.preprocess(blankAsMissing, z.optional(idSchema)),
});

/** DELETE /api/admin/faq/categories/{id}?deleteItems=true: the category's items go with it. */
export const deleteFaqCategoryQuerySchema = z.object({
  deleteItems: z
    .preprocess(blankAsMissing, z.enum(['true', 'false'], { message: 'must be true or false' }).optional())
    .transform((value) => value === 'true'),
});

/** The answer of DELETE /api/admin/faq/categories/{id}. */
export const deleteFaqCategoryResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  deletedItems: z.number().int(),
});
export type DeleteFaqCategoryResponse = z.infer<typeof deleteFaqCategoryResponseSchema>;

/** The answer of DELETE /api/admin/faq/items/{id}. */
export const deleteFaqItemResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
});
