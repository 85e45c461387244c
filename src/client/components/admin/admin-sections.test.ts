// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_SECTION_STORAGE_KEY,
  ADMIN_SECTIONS,
  readStoredAdminSection,
  storeAdminSection,
} from './admin-sections';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('admin section memory', () => {
  it("lists Insights, the spec's seven sections in order with Companies after Users, then Policies, the support inbox, Delivery problems and Security", () => {
    expect(ADMIN_SECTIONS.map((section) => section.label)).toEqual([
      'Insights',
      'Products',
      'Variants',
      'Pricing',
      'Orders',
      'Pending Users',
      'Users',
      'Companies',
      'FAQ Management',
      'Policies',
      'Support',
      'Delivery problems',
      'Security',
    ]);
  });

  it('defaults to Insights and remembers every known section', () => {
    expect(readStoredAdminSection()).toBe('insights');
    for (const { id } of ADMIN_SECTIONS) {
      storeAdminSection(id);
      expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe(id);
      expect(readStoredAdminSection()).toBe(id);
    }
  });

  it.each(['', 'reports', 'Insights', '{"id":"users"}'])('reads %j as Insights', (stored) => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, stored);
    expect(readStoredAdminSection()).toBe('insights');
  });

  it('works without storage: Insights, and nothing thrown when saving', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(readStoredAdminSection()).toBe('insights');
    expect(() => storeAdminSection('users')).not.toThrow();
  });
});
