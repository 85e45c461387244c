import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/*
 * Every JSON body, query string and route parameter is walked once before its schema, so any route answers
 * 400 naming the field instead of failing later (docs/security.md#input-validation):
 *
 * - No control characters: PostgreSQL text cannot hold NUL (the query fails), and the other C0 controls
 *   (but tab, line feed and carriage return, which multi-line fields use) and DEL have no place in a name,
 *   an address or a message.
 * - No lone UTF-16 surrogates: JSON may escape one (`"\uD800"`), but it is no character; PostgreSQL's json
 *   refuses it (a job's payload: a 500) and its text would silently store U+FFFD instead.
 * - At most MAX_INPUT_DEPTH levels of nesting: no request of the portal nests more than a few, and the walk
 *   (and any schema after it) must not be made to work in proportion to the square of a hostile depth.
 *
 * The walk is iterative, with an explicit stack and a parent pointer per container, so its cost is linear
 * in the size of the input and a body nested 50,000 deep (what 100 KiB allows) cannot overflow the call
 * stack; a path is built only for the one finding it reports. JSON.parse itself is iterative in V8, and
 * secure-json-parse's prototype scan is breadth-first, so nothing before this hook recurses on the body.
 *
 * Fastify's query-string parser (fast-querystring) does not nest (`a[b][c]` is one name), so a query is at
 * most a list of texts; it goes through the same walk all the same.
 *
 * Shopify's webhooks are exempt: their body is kept as Shopify sent it (bytes, checked by signature) and
 * stored as text when PostgreSQL refuses it (features/shopify-events/webhook-inbox.ts).
 */

/** The deepest nesting of objects and arrays any input may have (the root container is level 1). */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = 'control' | 'surrogate' | 'depth';

export const INPUT_PROBLEM_MESSAGES: Record<InputProblem, string> = {
  control: 'must not contain control characters',
  surrogate: 'must not contain unpaired surrogate characters',
  depth: `must not be nested more than ${MAX_INPUT_DEPTH} levels`,
};

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;

/** What is wrong with one text: a C0 control but tab and line breaks, DEL, or a lone surrogate. */
function textProblem(text: string): InputProblem | null {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 32) {
      if (code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return 'control';
    } else if (code === DELETE) {
      return 'control';
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      // A high surrogate followed by a low one is a character beyond U+FFFF (an emoji); anything else is not.
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return 'surrogate';
      index += 1;
    }
  }
  return null;
}

/** A key as it may be named in a message: what made it refused becomes '?'. */
const printableKey = (key: string) =>
  [...key].map((character) => (textProblem(character) ? '?' : character)).join('');

/** An object or array met by the walk: where it is, so a path can be built for a finding. */
interface Container {
  value: object;
  key: string;
  parent: Container | null;
  depth: number;
}

function pathTo(container: Container | null, last?: string): string[] {
  const path: string[] = last === undefined ? [] : [last];
  for (let at = container; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

export interface InputFinding {
  /** Where: the keys from the root (for `depth`, only the top field, or none when the root is a list). */
  path: string[];
  problem: InputProblem;
}

/**
 * The first problem of `root` (a parsed body, query or parameters), or null. Depth-first: an object's own
 * keys and texts are read before what it nests, its first nested field before the next one.
 */
export function findInputProblem(root: unknown): InputFinding | null {
  if (typeof root === 'string') {
    const problem = textProblem(root);
    return problem ? { path: [], problem } : null;
  }
  if (typeof root !== 'object' || root === null) return null;
  const stack: Container[] = [{ value: root, key: '', parent: null, depth: 1 }];
  while (stack.length > 0) {
    const container = stack.pop() as Container;
    if (container.depth > MAX_INPUT_DEPTH) {
      const top = pathTo(container)[0];
      return { path: top !== undefined && !Array.isArray(root) ? [top] : [], problem: 'depth' };
    }
    const keys = Object.keys(container.value);
    const values = container.value as Record<string, unknown>;
    const children: Container[] = [];
    for (const key of keys) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: pathTo(container, printableKey(key)), problem: keyProblem };
      const value = values[key];
      if (typeof value === 'string') {
        const problem = textProblem(value);
        if (problem) return { path: pathTo(container, key), problem };
      } else if (typeof value === 'object' && value !== null) {
        children.push({ value, key, parent: container, depth: container.depth + 1 });
      }
    }
    // Last pushed is walked first: the first nested field is examined before the ones after it.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as Container);
  }
  return null;
}

const EXEMPT_PATHS = new Set(['/api/shopify/webhooks']);

export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    if (EXEMPT_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = findInputProblem(value);
      if (found) {
        const field = found.path.length > 0 ? found.path.join('.') : part;
        const message = INPUT_PROBLEM_MESSAGES[found.problem];
        void sendError(request, reply, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
        return;
      }
    }
    done();
  });
}
