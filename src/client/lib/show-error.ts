import { toast } from './toast';
import { serverMessage } from './api';

/** An 'Error' toast with the server's message, or `fallback` (the spec's text) when it sent none. */
export function showError(error: unknown, fallback: string) {
  toast.error('Error', { description: serverMessage(error, fallback) });
}
