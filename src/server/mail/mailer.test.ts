import { describe, expect, it } from 'vitest';
import { createMailer, InvalidMailMessageError } from './mailer';

const message = { to: 'buyer@example.com', subject: 'Order received', text: 'Thank you.' };

describe('createMailer without SMTP_URL', () => {
  it('prints a readable block with From, To, Reply-To, Subject and the text', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ MAIL_FROM: 'Shop <shop@example.com>' }, (text) => printed.push(text));
    expect(mailer.kind).toBe('console');
    await mailer.send({ ...message, replyTo: 'help@example.com' });
    const block = printed.join('');
    expect(block).toContain('From: Shop <shop@example.com>');
    expect(block).toContain('To: buyer@example.com');
    expect(block).toContain('Reply-To: help@example.com');
    expect(block).toContain('Subject: Order received');
    expect(block).toContain('Thank you.');
  });

  it.each([
    ['subject', { ...message, subject: 'Hi\r\nBcc: victim@example.com' }],
    ['to', { ...message, to: 'buyer@example.com\nBcc: victim@example.com' }],
    ['replyTo', { ...message, replyTo: 'a@example.com\rBcc: victim@example.com' }],
  ])('rejects a line break in %s (no header injection)', async (_field, bad) => {
    const printed: string[] = [];
    const mailer = createMailer({ MAIL_FROM: 'shop@example.com' }, (text) => printed.push(text));
    await expect(mailer.send(bad)).rejects.toBeInstanceOf(InvalidMailMessageError);
    expect(printed).toEqual([]);
  });

  it('writes the one-click unsubscribe headers of an unsubscribeUrl (RFC 8058)', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ MAIL_FROM: 'shop@example.com' }, (text) => printed.push(text));
    const url = 'https://portal.example.com/api/reorder-reminders/unsubscribe?token=abc';
    await mailer.send({ ...message, unsubscribeUrl: url });
    expect(printed.join('')).toContain(`List-Unsubscribe: <${url}>`);
    expect(printed.join('')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    printed.length = 0;
    await mailer.send(message);
    expect(printed.join('')).not.toContain('List-Unsubscribe');
  });

  it.each([
    ['a line break', 'https://portal.example.com/u?token=a\r\nBcc: victim@example.com'],
    ['a relative URL', '/api/reorder-reminders/unsubscribe?token=abc'],
    ['a mailto address', 'mailto:unsubscribe@example.com'],
    ['a closing bracket', 'https://portal.example.com/u?token=a>,<https://evil.example'],
    ['a javascript URL', 'javascript:alert(1)'],
  ])('refuses an unsubscribeUrl with %s', async (_what, unsubscribeUrl) => {
    const printed: string[] = [];
    const mailer = createMailer({ MAIL_FROM: 'shop@example.com' }, (text) => printed.push(text));
    await expect(mailer.send({ ...message, unsubscribeUrl })).rejects.toBeInstanceOf(InvalidMailMessageError);
    expect(printed).toEqual([]);
  });

  it('refuses a MAIL_FROM with a line break', () => {
    expect(() => createMailer({ MAIL_FROM: 'shop@example.com\r\nBcc: x@example.com' })).toThrow(
      /line breaks/,
    );
  });
});
