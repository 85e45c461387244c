import type { AdminSupportListResponse, AdminSupportMessage } from '../../../shared/schemas/admin-support';

/** A message as GET /api/admin/support/messages sends it: Jane Doe's open, medium 'Product Question'. */
export function buildSupportMessage(overrides: Partial<AdminSupportMessage> = {}): AdminSupportMessage {
  return {
    id: 1,
    subject: 'product-question',
    priority: 'medium',
    message: 'Do you sell the 4 oz bottle in amber glass?',
    status: 'open',
    createdAt: '2031-03-04T15:30:00.000Z',
    updatedAt: '2031-03-04T15:30:00.000Z',
    customer: {
      id: 5,
      name: 'Jane Doe',
      email: 'jane@shop.test',
      phone: '555-0100',
      businessName: 'Doe Botanicals',
      accountCreated: '2030-01-15T10:00:00.000Z',
    },
    order: null,
    recentOrders: [],
    ...overrides,
  };
}

/** One page holding `messages`; the counts say what the whole inbox holds. */
export function supportListOf(
  messages: AdminSupportMessage[],
  overrides: Partial<AdminSupportListResponse> = {},
): AdminSupportListResponse {
  return {
    messages,
    total: messages.length,
    page: 1,
    totalPages: messages.length ? 1 : 0,
    counts: {
      open: messages.filter((message) => message.status === 'open').length,
      answered: messages.filter((message) => message.status === 'answered').length,
      closed: messages.filter((message) => message.status === 'closed').length,
    },
    ...overrides,
  };
}
