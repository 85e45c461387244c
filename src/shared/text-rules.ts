/**
 * The one rule for what a text field may hold (docs/security.md#input-validation). Plain functions, no zod:
 * the schemas (schemas/text.ts, and the zod/mini ones of the storefront's first page) wire them in.
 *
 * A one-line field (a name, a business name, a phone number, an address line, a city, a PO number, a
 * username, a SKU, a title, a search) is one line of printable text: no control character (C0, DEL or C1;
 * tab and line breaks included), no line or paragraph separator, no invisible format character (Unicode's
 * Cf: the bidirectional controls U+202A–U+202E, U+2066–U+2069, U+200E, U+200F and U+061C, zero-width
 * characters, the soft hyphen…), no surrogate and no private-use character. A right-to-left override would
 * disguise a text in an e-mail, on a PDF or in a spreadsheet; the others show as nothing or as a box.
 *
 * A multi-line field (order notes, a support message, an FAQ answer, a policy's text) may also hold tab,
 * line feed and carriage return, and the zero-width joiner and non-joiner (U+200D, U+200C), which emoji
 * sequences and some scripts need; everything else the one-line rule refuses it refuses too.
 */

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;
const UNPRINTABLE_ALL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu;
/** Line feed, vertical tab, form feed, carriage return, next line, line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
/** What a multi-line field may hold of what UNPRINTABLE matches. */
const MULTI_LINE_ALLOWED = new Set(['\t', '\n', '\r', '\u200c', '\u200d']);

export const TEXT_RULE_MESSAGES = {
  lineBreak: 'must be on one line',
  unprintable: 'must not contain control or invisible formatting characters',
} as const;

export interface OneLineMessages {
  /** When the text holds a line break (default TEXT_RULE_MESSAGES.lineBreak). */
  lineBreak?: string;
  /** When it holds any other character the rule refuses (default TEXT_RULE_MESSAGES.unprintable). */
  unprintable?: string;
}

/** Whether `text` is one line of printable text. */
export function isOneLineText(text: string): boolean {
  return !UNPRINTABLE.test(text);
}

/** Why `text` is no one-line text (the message for its first kind of problem), or null when it is. */
export function oneLineProblem(text: string, messages: OneLineMessages = {}): string | null {
  if (isOneLineText(text)) return null;
  if (LINE_BREAK.test(text)) return messages.lineBreak ?? TEXT_RULE_MESSAGES.lineBreak;
  return messages.unprintable ?? TEXT_RULE_MESSAGES.unprintable;
}

/** Whether `text` is printable text that may run over several lines. */
export function isMultiLineText(text: string): boolean {
  if (isOneLineText(text)) return true;
  for (const [character] of text.matchAll(UNPRINTABLE_ALL)) {
    if (!MULTI_LINE_ALLOWED.has(character)) return false;
  }
  return true;
}

/** Why `text` is no multi-line text, or null when it is. */
export function multiLineProblem(
  text: string,
  message: string = TEXT_RULE_MESSAGES.unprintable,
): string | null {
  return isMultiLineText(text) ? null : message;
}
