import { describe, expect, it } from 'vitest';
import {
  readLinkedOrderId,
  readLinkedSection,
  supportMessagesHref,
  withoutAdminLinkParams,
} from './admin-links';

describe('dashboard links', () => {
  it("links an order's support messages as /admin?section=support&order={id}", () => {
    expect(supportMessagesHref(12)).toBe('/admin?section=support&order=12');
  });

  it('reads the section and order a link names', () => {
    const params = new URLSearchParams('section=support&order=12');
    expect(readLinkedSection(params)).toBe('support');
    expect(readLinkedOrderId(params)).toBe(12);
  });

  it.each(['', 'reports', 'Support', 'support '])('reads section %j as none', (section) => {
    expect(readLinkedSection(new URLSearchParams({ section }))).toBeNull();
  });

  it.each(['', 'abc', '0', '-3', '1.5', '99999999999'])('reads order %j as none', (order) => {
    expect(readLinkedOrderId(new URLSearchParams({ order }))).toBeNull();
  });

  it('drops only its own parameters', () => {
    const rest = withoutAdminLinkParams(new URLSearchParams('section=support&order=12&utm=x'));
    expect(rest.toString()).toBe('utm=x');
  });
});
