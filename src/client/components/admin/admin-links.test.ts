import { describe, expect, it } from 'vitest';
import {
  adminLoginState,
  adminSectionHref,
  adminReturnPath,
  readLinkedOrderId,
  readLinkedSection,
  supportMessagesHref,
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

  it('links each section as /admin?section={id}, which reads back as that section', () => {
    expect(adminSectionHref('pending-users')).toBe('/admin?section=pending-users');
    expect(readLinkedSection(new URL(adminSectionHref('orders'), 'http://x').searchParams)).toBe('orders');
  });

  it('keeps the whole dashboard address for after signing in', () => {
    const state = adminLoginState({ pathname: '/admin', search: '?section=support&order=12', hash: '#top' });
    expect(state).toEqual({ from: '/admin?section=support&order=12#top' });
    expect(adminReturnPath(state)).toBe('/admin?section=support&order=12#top');
    expect(adminReturnPath({ from: '/admin' })).toBe('/admin');
  });

  it.each([
    ['no state', null],
    ['no from', {}],
    ['a from that is no text', { from: 12 }],
    ['another host', { from: 'https://evil.test/admin' }],
    ['a host without scheme', { from: '//evil.test/admin' }],
    ['a backslashed host', { from: '/\\evil.test' }],
    ['another page of the shop', { from: '/orders' }],
    ['a path that only starts like the dashboard', { from: '/administrator' }],
    ['a path leaving the dashboard', { from: '/admin/../orders' }],
    ['the login page', { from: '/admin/login?next=1' }],
    ['the login page written otherwise', { from: '/admin/./Login/' }],
  ])('returns to /admin for %s', (_case, state) => {
    expect(adminReturnPath(state)).toBe('/admin');
  });
});
