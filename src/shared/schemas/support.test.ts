import { describe, expect, it } from 'vitest';
import { isSupportSubject, orderIssueSubject, supportMessageLength, supportSubjectLabel } from './support';

describe('orderIssueSubject', () => {
  it("is 'Order Issue - Order #{id}', plus the Shopify order number when there is one", () => {
    expect(orderIssueSubject(12)).toBe('Order Issue - Order #12');
    expect(orderIssueSubject(12, null)).toBe('Order Issue - Order #12');
    expect(orderIssueSubject(12, '#1012')).toBe('Order Issue - Order #12 (Shopify #1012)');
  });

  it('leaves out a store number the server would refuse in a subject, so the form can still be sent', () => {
    expect(orderIssueSubject(12, 'odd (name)')).toBe('Order Issue - Order #12');
    expect(orderIssueSubject(12, 'x'.repeat(61))).toBe('Order Issue - Order #12');
  });
});

describe('isSupportSubject', () => {
  it('accepts the eleven options and order-issue subjects, nothing else', () => {
    expect(isSupportSubject('order-issue')).toBe(true);
    expect(isSupportSubject('other')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #12')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #12 (Shopify #D5)')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #12\r\nBcc: x@example.com')).toBe(false);
    expect(isSupportSubject('Please call me')).toBe(false);
  });

  it('labels an option by its spec name and an order-issue subject by itself', () => {
    expect(supportSubjectLabel('wrong-items')).toBe('Wrong Items Received');
    expect(supportSubjectLabel('Order Issue - Order #12')).toBe('Order Issue - Order #12');
  });
});

describe('supportMessageLength', () => {
  it('counts characters as a person sees them: an emoji is one', () => {
    expect(supportMessageLength('hello')).toBe(5);
    expect(supportMessageLength('😀😀')).toBe(2);
  });
});
