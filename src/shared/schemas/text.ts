import { z } from 'zod';
import { multiLineProblem, oneLineProblem, type OneLineMessages } from '../text-rules';

/**
 * The text rule of ../text-rules.ts as zod checks, for every text field of the schemas
 * (docs/security.md#input-validation): one-line fields (names, addresses, titles…) and multi-line ones
 * (notes, messages, answers, policy text). The zod/mini schemas (pricing.ts) call the rule's functions.
 */

/** Refuses what is not one line of printable text, with the field's own messages if it has them. */
export const oneLine =
  (messages?: OneLineMessages) =>
  (value: string, context: z.RefinementCtx): void => {
    const problem = oneLineProblem(value, messages);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  };

/** Refuses bidi controls, invisible format characters and controls but tab and line breaks. */
export const multiLine =
  (message?: string) =>
  (value: string, context: z.RefinementCtx): void => {
    const problem = multiLineProblem(value, message);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  };

/** One line of printable text, trimmed, at most `max` characters. */
export const oneLineText = (max: number, messages: OneLineMessages & { tooLong?: string } = {}) =>
  z
    .string()
    .trim()
    .max(max, messages.tooLong ?? `must be at most ${max} characters`)
    .superRefine(oneLine(messages));
