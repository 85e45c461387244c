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
 * A JSON body's depth is read from its text before it is parsed (nestsDeeperThan): JSON.parse does not
 * overflow on 50,000 levels (what 100 KiB allows; V8's parser is iterative) but building them costs about as
 * much as a thousand carts, so a hostile body is refused after reading its first few dozen characters. The
 * walk is iterative too, with an explicit stack and a parent pointer per container, so its cost is linear in
 * the size of the input and no depth can overflow the call stack; a path is built only for the one finding
 * it reports. secure-json-parse's prototype scan (Fastify's JSON parser, kept) is breadth-first.
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

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/**
 * Whether JSON `text` nests objects and arrays more than `max` deep, read as text (strings skipped) and
 * stopping at the first level too many. Text that is not JSON is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // Skip the string: up to the next quote that no backslash escapes.
      for (index += 1; index < text.length; index += 1) {
        const inner = text.charCodeAt(index);
        if (inner === BACKSLASH) index += 1;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

const EXEMPT_PATHS = new Set(['/api/shopify/webhooks']);
/** The body of a request whose JSON text nests too deep (refused by the hook below, before any schema). */
const TOO_DEEP = Object.freeze({ tooDeep: true });

/** The answer for input that breaks the rules: 400 VALIDATION_FAILED naming the field. */
function refusal(field: string, problem: InputProblem) {
  const message = INPUT_PROBLEM_MESSAGES[problem];
  return { message: `${field}: ${message}`, details: [{ field, message }] };
}

export function registerControlCharacterCheck(app: FastifyInstance) {
  // Fastify's own JSON parser (with the app's prototype-poisoning settings), behind the depth check. The
  // Shopify webhook route keeps its own parser (raw bytes) in its own context.
  // A body too deep is marked, not failed: Fastify closes the connection after a parser error, which would
  // make the refusal cost a new connection; the body has been read whole, so the connection can stay.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_INPUT_DEPTH)) {
      done(null, TOO_DEEP);
      return;
    }
    void parseJson(request, text, done);
  });

  app.addHook('preValidation', (request, reply, done) => {
    if (EXEMPT_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    if (request.body === TOO_DEEP) {
      const { message, details } = refusal('body', 'depth');
      void sendError(request, reply, 'VALIDATION_FAILED', message, details);
      return;
    }
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = findInputProblem(value);
      if (found) {
        const { message, details } = refusal(
          found.path.length > 0 ? found.path.join('.') : part,
          found.problem,
        );
        void sendError(request, reply, 'VALIDATION_FAILED', message, details);
        return;
      }
    }
    done();
  });
}
