import { describe, expect, it } from 'vitest';
import { isSupportSubject, orderIssueSubject, supportMessageLength, supportSubjectLabel } from './support';

describe('orderIssueSubject', () => {
  it("is the spec's 'Order Issue - Order #' with the order number the buyer knows, never a Shopify name", () => {
    expect(orderIssueSubject(2)).toBe('Order Issue - Order #WO-1002');
    expect(orderIssueSubject(12)).toBe('Order Issue - Order #WO-1012');
    expect(isSupportSubject(orderIssueSubject(12))).toBe(true);
  });
});

describe('isSupportSubject', () => {
  it('accepts the eleven options and order-issue subjects, nothing else', () => {
    expect(isSupportSubject('order-issue')).toBe(true);
    expect(isSupportSubject('other')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #WO-1012')).toBe(true);
    // Written by a form opened before the order number was used; the server writes '#WO-1012' instead.
    expect(isSupportSubject('Order Issue - Order #12')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #12 (Shopify #D5)')).toBe(true);
    expect(isSupportSubject('Order Issue - Order #WO-1012 (Shopify #D5)')).toBe(false);
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
