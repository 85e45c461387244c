import type { AdminUser, PendingUser } from '../../../shared/schemas/admin-users';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { testUser } from '../../test-support/api-fixtures';
import { errorResponse, stubFetch } from '../../test-support/stub-fetch';

export type Handlers = Parameters<typeof stubFetch>[0];
export interface Call {
  path: string;
  method: string;
  body: unknown;
}

export function buildPendingUser(overrides: Partial<PendingUser> = {}): PendingUser {
  return {
    id: 31,
    firstName: 'Grace',
    lastName: 'Hopper',
    username: 'grace@hopper.test',
    businessName: 'Hopper Naturals',
    email: 'grace@hopper.test',
    phone: '555-0100',
    createdAt: '2031-03-04T15:30:00.000Z',
    ...overrides,
  };
}

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    username: 'jane@shop.test',
    email: 'jane@shop.test',
    firstName: 'Jane',
    lastName: 'Doe',
    businessName: 'Doe Botanicals',
    phone: '555-0100',
    role: 'customer',
    status: 'approved',
    paymentTerms: 'on_approval',
    hasPassword: true,
    createdAt: '2031-01-05T10:00:00.000Z',
    approvedAt: '2031-01-05T12:00:00.000Z',
    lastLoginAt: null,
    company: { id: 3, name: 'Doe Botanicals', role: 'owner' },
    ...overrides,
  };
}

/** The signed-in administrator, as GET /api/admin/user sends it. */
export const testAdmin: CurrentUser = {
  ...testUser,
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  businessName: null,
  role: 'admin',
};

/** Stubs fetch with `handlers`; every non-GET call is recorded with its parsed body. */
export function stubUsersApi(handlers: Handlers) {
  const calls: Call[] = [];
  const recorded: Handlers = {};
  for (const [path, handler] of Object.entries(handlers)) {
    recorded[path] = (request) => {
      const method = request.init?.method ?? 'GET';
      if (method !== 'GET') {
        const raw = request.init?.body;
        calls.push({ path, method, body: typeof raw === 'string' ? JSON.parse(raw) : undefined });
      }
      return handler(request);
    };
  }
  const fetchMock = stubFetch(recorded);
  return { calls, fetchMock };
}

/** A response that never arrives: the request stays pending. */
export const never = () => new Promise<Response>(() => {});

/** A failure without an API error body (the network is down). */
export const networkFailure = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

export { errorResponse };
