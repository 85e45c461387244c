import { z } from 'zod';
import { idSchema } from './pricing';
import {
  supportOrderDetailsSchema,
  supportPrioritySchema,
  supportRecentOrderSchema,
  supportUserInfoSchema,
} from './support';

/**
 * Contracts of the staff support inbox (issue 7, beyond the spec): GET /api/admin/support/messages and
 * PATCH /api/admin/support/messages/{id}. The messages themselves are those of ./support.ts.
 */

export const SUPPORT_MESSAGE_STATUS_VALUES = ['open', 'answered', 'closed'] as const;
export const supportMessageStatusSchema = z.enum(SUPPORT_MESSAGE_STATUS_VALUES, {
  message: `must be one of ${SUPPORT_MESSAGE_STATUS_VALUES.join(', ')}`,
});
export type SupportMessageStatus = z.infer<typeof supportMessageStatusSchema>;

export const ADMIN_SUPPORT_STATUS_FILTERS = ['all', ...SUPPORT_MESSAGE_STATUS_VALUES] as const;
export const ADMIN_SUPPORT_PAGE_SIZE = 20;
export const MAX_ADMIN_SUPPORT_PAGE_SIZE = 100;

/** GET /api/admin/support/messages?status=&orderId=&page=&limit= (newest first). */
export const adminSupportListQuerySchema = z
  .object({
    status: z
      .enum(ADMIN_SUPPORT_STATUS_FILTERS, {
        message: `must be one of ${ADMIN_SUPPORT_STATUS_FILTERS.join(', ')}`,
      })
      .optional()
      .default('all'),
    /** Only the messages about this order (the admin Orders section links here). */
    orderId: z.optional(idSchema),
    page: z.optional(idSchema).default(1),
    limit: z
      .pipe(
        idSchema,
        z.number().max(MAX_ADMIN_SUPPORT_PAGE_SIZE, `must be at most ${MAX_ADMIN_SUPPORT_PAGE_SIZE}`),
      )
      .optional()
      .default(ADMIN_SUPPORT_PAGE_SIZE),
  })
  .strict();
export type AdminSupportListQuery = z.infer<typeof adminSupportListQuerySchema>;

export const adminSupportMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  priority: supportPrioritySchema,
  message: z.string(),
  status: supportMessageStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** As stored when the message was sent; the user id is null once the account is deleted. */
  customer: supportUserInfoSchema.extend({ id: z.number().int().nullable() }),
  /** The order the message is about, or null. */
  order: supportOrderDetailsSchema.nullable(),
  recentOrders: z.array(supportRecentOrderSchema),
});
export type AdminSupportMessage = z.infer<typeof adminSupportMessageSchema>;

export const adminSupportListResponseSchema = z.object({
  messages: z.array(adminSupportMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  /** 0 when nothing matches. */
  totalPages: z.number().int(),
  /** Messages per status over the whole inbox (ignoring the filters), for the tab badges. */
  counts: z.object({ open: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
});
export type AdminSupportListResponse = z.infer<typeof adminSupportListResponseSchema>;

export const adminSupportParamsSchema = z.object({ id: idSchema });
export const updateSupportStatusRequestSchema = z.object({ status: supportMessageStatusSchema }).strict();
export const updateSupportStatusResponseSchema = z.object({ message: adminSupportMessageSchema });
