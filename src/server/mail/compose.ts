import type { Env } from '../env';
import type { MailMessage } from './mailer';

/**
 * How every e-mail is written (docs/emails.md#how-e-mail-is-sent): a plain-text body and a simple HTML body
 * built from the same paragraphs, user content escaped in the HTML. Links are built from APP_ORIGIN only,
 * never from a request's Host header (docs/security.md#link-tokens).
 */
export type MailEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL'>;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface Paragraphs {
  greeting?: string | null | undefined;
  lines: string[];
  link?: { url: string; label: string } | undefined;
  /** A second link after the last paragraph, e.g. an unsubscribe link (docs/reorder-reminders.md#unsubscribe). */
  footerLink?: { url: string; label: string } | undefined;
}

/** Builds both bodies from the same paragraphs; the link (if any) follows the first paragraph. */
export function composeEmail(env: MailEnv, to: string, subject: string, body: Paragraphs): MailMessage {
  const greeting = body.greeting ? `Hello ${body.greeting},` : 'Hello,';
  const signature = `${env.STORE_NAME}`;
  const textParts = [greeting, ...body.lines];
  if (body.link) textParts.splice(2, 0, `${body.link.label}: ${body.link.url}`);
  if (body.footerLink) textParts.push(`${body.footerLink.label}: ${body.footerLink.url}`);
  const text = [...textParts, signature].join('\n\n');
  const htmlParts = [greeting, ...body.lines].map((line) => `<p>${escapeHtml(line)}</p>`);
  if (body.link) {
    const url = escapeHtml(body.link.url);
    htmlParts.splice(2, 0, `<p><a href="${url}">${escapeHtml(body.link.label)}</a></p><p>${url}</p>`);
  }
  if (body.footerLink) {
    htmlParts.push(
      `<p><a href="${escapeHtml(body.footerLink.url)}">${escapeHtml(body.footerLink.label)}</a></p>`,
    );
  }
  const html = `<!doctype html><html><body>${htmlParts.join('')}<p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: `${env.STORE_NAME}: ${subject}`, text, html };
}
