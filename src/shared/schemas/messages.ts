/**
 * Validation messages that are whole sentences for the user (the spec's, e.g. 'Full name is required').
 * The API sends such a message as it is; any other validation message is prefixed with the field it is
 * about ("items.0.quantity: must be at least 0"). Register a message by wrapping it where it is defined.
 */
const sentences = new Set<string>();

export function sentence<const T extends string>(message: T): T {
  sentences.add(message);
  return message;
}

export function isSentence(message: string): boolean {
  return sentences.has(message);
}
