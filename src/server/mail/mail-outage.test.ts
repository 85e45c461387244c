import { describe, expect, it } from 'vitest';
import { isMailServerFailure } from './mail-outage';
import { MailServerUnreachableError } from './mailer';

/** nodemailer's errors as it reports them (their code, command and the server's response code). */
const nodemailerError = (fields: { code: string; command?: string; responseCode?: number }) =>
  Object.assign(new Error('send failed'), fields);

describe('which failed sends are a mail server outage (docs/operations.md#logs-during-an-outage)', () => {
  it.each([
    ['a refused connection', nodemailerError({ code: 'ESOCKET', command: 'CONN' })],
    ['a greeting of 421', nodemailerError({ code: 'EPROTOCOL', command: 'CONN', responseCode: 421 })],
    ['a timed-out connection', nodemailerError({ code: 'ETIMEDOUT', command: 'CONN' })],
    ['a refused login', nodemailerError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 })],
    ['421 after the message', nodemailerError({ code: 'EMESSAGE', command: 'DATA', responseCode: 421 })],
    [
      'a refused connection as the SMTP mailer throws it',
      new MailServerUnreachableError(nodemailerError({ code: 'ECONNECTION', command: 'CONN' })),
    ],
  ])('%s is', (_name, error) => {
    expect(isMailServerFailure(error)).toBe(true);
  });

  it.each([
    ['a refused recipient', nodemailerError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 })],
    ['a refused message', nodemailerError({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 })],
    ['an invalid message', new Error('Invalid e-mail: to: Invalid email address')],
  ])('%s is not: that e-mail is logged with its job', (_name, error) => {
    expect(isMailServerFailure(error)).toBe(false);
  });
});
