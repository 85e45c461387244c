import { describe, expect, it } from 'vitest';
import { parseInline, parsePolicyText } from './policy-markup';

const text = (value: string) => ({ type: 'text', text: value });

describe('parsePolicyText (docs/admin.md#policies)', () => {
  it('reads headings, paragraphs with their line breaks, and both kinds of list', () => {
    expect(
      parsePolicyText(
        [
          'Intro line one',
          'line two',
          '',
          '## Orders',
          '- Cases of 12',
          '* One tester',
          '  per order',
          '### Payment',
          '3. Approve',
          '4) Pay',
          'After the list',
        ].join('\r\n'),
      ),
    ).toEqual([
      { type: 'paragraph', lines: [[text('Intro line one')], [text('line two')]] },
      { type: 'heading', level: 2, content: [text('Orders')] },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[text('Cases of 12')], [text('One tester per order')]],
      },
      { type: 'heading', level: 3, content: [text('Payment')] },
      { type: 'list', ordered: true, start: 3, items: [[text('Approve')], [text('Pay')]] },
      { type: 'paragraph', lines: [[text('After the list')]] },
    ]);
  });

  it('reads `#` as a section heading and anything else as text, HTML included', () => {
    expect(parsePolicyText('# Top\n<script>alert(1)</script>\n#NoSpace\n-no space')).toEqual([
      { type: 'heading', level: 2, content: [text('Top')] },
      {
        type: 'paragraph',
        lines: [[text('<script>alert(1)</script>')], [text('#NoSpace')], [text('-no space')]],
      },
    ]);
  });

  it('has no blocks for an empty or blank text', () => {
    expect(parsePolicyText('')).toEqual([]);
    expect(parsePolicyText(' \n\n\t\n')).toEqual([]);
  });
});

describe('parseInline', () => {
  it('reads **bold**, https addresses and e-mail addresses, leaving sentence punctuation outside', () => {
    expect(
      parseInline(
        '**Card details** stay at https://pay.example.com/checkout. Write to help@example.com, please.',
      ),
    ).toEqual([
      { type: 'strong', children: [text('Card details')] },
      text(' stay at '),
      { type: 'link', href: 'https://pay.example.com/checkout', text: 'https://pay.example.com/checkout' },
      text('. Write to '),
      { type: 'link', href: 'mailto:help@example.com', text: 'help@example.com' },
      text(', please.'),
    ]);
  });

  it('keeps a bracket the address opened, drops one the sentence opened', () => {
    expect(parseInline('(see https://example.com/a)')).toEqual([
      text('(see '),
      { type: 'link', href: 'https://example.com/a', text: 'https://example.com/a' },
      text(')'),
    ]);
    expect(parseInline('https://en.example.org/wiki/Mist_(spray)')[0]).toEqual({
      type: 'link',
      href: 'https://en.example.org/wiki/Mist_(spray)',
      text: 'https://en.example.org/wiki/Mist_(spray)',
    });
  });

  it('links no other scheme: http, javascript: and data: stay text', () => {
    for (const line of ['http://example.com', 'javascript:alert(1)', 'data:text/html,<b>x</b>']) {
      expect(parseInline(line)).toEqual([text(line)]);
    }
  });

  it('leaves a lone ** as text', () => {
    expect(parseInline('2 ** 3 is eight')).toEqual([text('2 ** 3 is eight')]);
  });
});
