import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, SUPPORT_SUBJECTS } from '../../../shared/schemas/support';
import {
  parseOrderIssueLink,
  subjectOptions,
  supportFormResolver,
  type SupportFormValues,
} from './support-form-model';

describe('parseOrderIssueLink', () => {
  it('reads the order of ?order={id}&type=order_issue', () => {
    expect(parseOrderIssueLink(new URLSearchParams('order=12&type=order_issue'))).toBe(12);
  });

  it.each([
    ['order=12', 'no type'],
    ['order=12&type=other', 'another type'],
    ['order=abc&type=order_issue', 'an id that is not a number'],
    ['order=0&type=order_issue', 'id 0'],
    ['order=-3&type=order_issue', 'a negative id'],
    ['order=1.5&type=order_issue', 'a fraction'],
    ['order=99999999999&type=order_issue', 'an id beyond any order'],
    ['type=order_issue', 'no order'],
  ])('ignores %s (%s)', (query) => {
    expect(parseOrderIssueLink(new URLSearchParams(query))).toBeNull();
  });
});

describe('subjectOptions', () => {
  const labels = (options: ReturnType<typeof subjectOptions>) => options.map((option) => option.label);

  // The eleven labels themselves are checked where the customer sees them (routes/support/support.test.tsx).
  it('is the prompt, then the subjects in their order', () => {
    expect(labels(subjectOptions('', ''))).toEqual([
      'Select a subject',
      ...SUPPORT_SUBJECTS.map((subject) => subject.label),
    ]);
    expect(subjectOptions('damaged-items', '')).toHaveLength(SUPPORT_SUBJECTS.length + 1);
  });

  it('adds an order-issue subject first, and keeps it when another subject is picked', () => {
    const suggested = 'Order Issue - Order #12';
    expect(labels(subjectOptions(suggested, suggested)).slice(0, 3)).toEqual([
      'Select a subject',
      suggested,
      'Order Issue',
    ]);
    expect(subjectOptions('other', suggested)[1]).toEqual({ value: suggested, label: suggested });
  });

  it('keeps a picked order-issue subject selectable after the suggestion gained the Shopify number', () => {
    const options = subjectOptions('Order Issue - Order #12', 'Order Issue - Order #12 (Shopify #1012)');
    expect(labels(options).slice(1, 3)).toEqual([
      'Order Issue - Order #12 (Shopify #1012)',
      'Order Issue - Order #12',
    ]);
  });
});

/** The resolver's verdict: the parsed values, or the message of each wrong field. */
async function judge(values: SupportFormValues, suggestedSubject = '') {
  const result = await supportFormResolver(values, suggestedSubject, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = Object.entries(result.errors).map(([field, error]) => [field, error?.message]);
  return errors.length === 0
    ? { ok: true, data: result.values }
    : { ok: false, errors: Object.fromEntries(errors) };
}

describe('supportFormResolver', () => {
  const valid = { subject: 'other', priority: 'low', message: 'The lid was cracked.' } as const;

  it('passes a complete form and trims the message', async () => {
    expect(await judge({ ...valid, message: '  The lid was cracked.  ' })).toEqual({
      ok: true,
      data: { subject: 'other', priority: 'low', message: 'The lid was cracked.' },
    });
  });

  it("gives each field's message of docs/support-and-faq.md#contact-form", async () => {
    expect(await judge({ subject: '', priority: '', message: '' })).toEqual({
      ok: false,
      errors: {
        subject: SUPPORT_MESSAGES.subjectRequired,
        priority: SUPPORT_MESSAGES.priorityRequired,
        message: SUPPORT_MESSAGES.messageTooShort,
      },
    });
    expect(await judge({ ...valid, message: 'x'.repeat(2001) })).toEqual({
      ok: false,
      errors: { message: SUPPORT_MESSAGES.messageTooLong },
    });
  });

  it('judges and sends the suggested subject until the customer picks one', async () => {
    const suggested = 'Order Issue - Order #12 (Shopify #1012)';
    expect(await judge({ ...valid, subject: null }, suggested)).toMatchObject({
      ok: true,
      data: { subject: suggested },
    });
    expect(await judge({ ...valid, subject: null })).toEqual({
      ok: false,
      errors: { subject: SUPPORT_MESSAGES.subjectRequired },
    });
    expect(await judge({ ...valid, subject: 'billing-issue' }, suggested)).toMatchObject({
      data: { subject: 'billing-issue' },
    });
  });

  it('counts characters as people see them: 10 emoji are enough, 2000 are the most', async () => {
    expect((await judge({ ...valid, message: '🌿'.repeat(10) })).ok).toBe(true);
    expect((await judge({ ...valid, message: '🌿'.repeat(9) })).ok).toBe(false);
    expect((await judge({ ...valid, message: '🌿'.repeat(2000) })).ok).toBe(true);
    // Spaces around the text do not count.
    expect((await judge({ ...valid, message: `   ${'a'.repeat(9)}   ` })).ok).toBe(false);
  });
});
