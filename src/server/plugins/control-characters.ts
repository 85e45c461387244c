import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/*
 * Text the portal stores or mails may not carry control characters: PostgreSQL text cannot hold NUL (the
 * query fails), and the others (but tab, line feed and carriage return, which multi-line fields use) have no
 * place in a name, an address or a message. Every JSON body, query string and route parameter is checked
 * before its schema, so any route answers 400 naming the field instead of failing in the database
 * (docs/security.md). Shopify's webhooks are exempt: their body is kept as Shopify sent it and stored as text
 * when PostgreSQL refuses it (features/shopify-events/webhook-inbox.ts).
 */

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;

/** Whether `text` holds a C0 control character other than tab, line feed and carriage return, or DEL. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === DELETE) return true;
    if (code < 32 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}
const EXEMPT_PATHS = new Set(['/api/shopify/webhooks']);
const MESSAGE = 'must not contain control characters';

/** The path of the first string (value or key) holding a forbidden character, or null. */
export function findControlCharacter(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [...path] : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacter(key))
      return [...path, [...key].map((c) => (hasControlCharacter(c) ? '?' : c)).join('')];
    const found = findControlCharacter(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    if (EXEMPT_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = findControlCharacter(value);
      if (found) {
        const field = found.length > 0 ? found.join('.') : part;
        void sendError(request, reply, 'VALIDATION_FAILED', `${field}: ${MESSAGE}`, [
          { field, message: MESSAGE },
        ]);
        return;
      }
    }
    done();
  });
}
