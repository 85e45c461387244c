import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, uniqueEmail } from '../../test/factories/users';
import { post } from '../../test/requests';

/**
 * Issue 17 item 1 (docs/security.md#sign-in-and-enumeration): asking for a sign-in or reset link answers
 * alike — status, body, headers and time — whether the address is unknown, an approved, pending or rejected
 * customer, or an administrator. Time is compared as the ratio of medians over many rounds in which the five
 * kinds are asked in a shuffled order, so the machine's drift touches all of them alike.
 */

const KINDS = ['unknown', 'approved', 'pending', 'rejected', 'admin'] as const;
type Kind = (typeof KINDS)[number];
// Many rounds: the suite runs two files at once, and the other file's load must touch all kinds alike.
const ROUNDS = 80;
/** Headers that differ between any two answers (the moment, the request's own id). */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id']);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('no account oracle on the link requests', () => {
  let t: TestApp;
  /** Fresh addresses of each kind, one per round (the per-address send limit is never reached). */
  const addresses = new Map<Kind, string[]>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const kind of KINDS) addresses.set(kind, []);
    // Two sets: one for each endpoint, plus a warm-up round each.
    for (let i = 0; i < 2 * (ROUNDS + 1); i++) {
      addresses.get('unknown')!.push(uniqueEmail('nobody'));
      addresses.get('approved')!.push((await createUser(t.db, { status: 'approved' })).email);
      addresses.get('pending')!.push((await createUser(t.db, { status: 'pending' })).email);
      addresses.get('rejected')!.push((await createUser(t.db, { status: 'rejected' })).email);
      const email = uniqueEmail('staff');
      await t.db
        .insert(users)
        .values({ email, username: email, role: 'admin', status: 'approved', firstName: 'Ada' });
      addresses.get('admin')!.push(email);
    }
  }, 120_000);
  afterAll(() => t.close());

  async function ask(url: string, email: string) {
    const started = performance.now();
    // A sign-in request carries the page to return to, as the browser's does after 'Review Your Order'.
    const body = url === '/api/request-magic-link' ? { email, next: '/confirm' } : { email };
    const response = await post(t.app, url, body);
    const ms = performance.now() - started;
    const headers = Object.entries(response.headers)
      .filter(([name]) => !VOLATILE_HEADERS.has(name))
      .sort(([a], [b]) => a.localeCompare(b));
    return { ms, status: response.statusCode, body: response.body, headers: JSON.stringify(headers) };
  }

  it.each(['/api/request-magic-link', '/api/request-password-reset'])(
    '%s: every kind of address gets the same status, body and headers, in the same time',
    async (url) => {
      const times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
      const answers = new Set<string>();
      for (let round = 0; round <= ROUNDS; round++) {
        for (const kind of shuffled(KINDS)) {
          const answer = await ask(url, addresses.get(kind)!.pop()!);
          answers.add(JSON.stringify([answer.status, answer.body, answer.headers]));
          if (round > 0) times.get(kind)!.push(answer.ms);
        }
      }

      expect([...answers]).toHaveLength(1);
      expect(JSON.parse([...answers][0]!)[0]).toBe(200);
      const unknown = median(times.get('unknown')!);
      const ratios = Object.fromEntries(KINDS.map((kind) => [kind, median(times.get(kind)!) / unknown]));
      // Before: a known address took about twice as long (its token and e-mail were written in the request).
      for (const kind of KINDS) {
        // Within 0.6–1.6: well inside the noise of two test files at once, well outside the old 2–3.5×.
        expect(ratios[kind], `median time of ${kind} / unknown: ${JSON.stringify(ratios)}`).toBeGreaterThan(
          0.6,
        );
        expect(ratios[kind], `median time of ${kind} / unknown: ${JSON.stringify(ratios)}`).toBeLessThan(1.6);
      }
    },
    120_000,
  );
});
