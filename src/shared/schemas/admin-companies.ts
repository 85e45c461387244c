import { z } from 'zod';
import { COMPANY_ROLES, LAST_OWNER_MESSAGE } from '../company-roles';
import { MAX_ID } from '../limits';
import { PAYMENT_TERMS } from '../payment-terms';
import { USER_STATUSES } from './admin-users';
import { sentence } from './messages';
import { orderStatusSchema } from './orders';
import { idSchema } from './pricing';
import { oneLine } from './text';
import { companyCreditSchema } from './credit';
import { companyReorderSchema } from './reorder-reminders';

/**
 * Contracts of the admin Companies section (docs/companies.md#admin-companies): the list, a company's page,
 * and staff's changes to its people (role, adding a customer, merging another company into it). The
 * messages are word for word.
 */

export const ADMIN_COMPANIES_PAGE_SIZE = 20;
export const MAX_ADMIN_COMPANIES_PAGE_SIZE = 100;
export const MAX_ADMIN_COMPANY_SEARCH_LENGTH = 200;

/** A company keeps an owner: the refusal of a change that would leave it none (409). */
export { LAST_OWNER_MESSAGE };
export const COMPANY_NOT_FOUND = 'Company not found';
export const COMPANY_MEMBER_NOT_FOUND = 'This person is not a member of this company';

export const ADMIN_COMPANIES_MESSAGES = {
  roleOutsideList: sentence('The role must be owner, buyer or viewer'),
  userRequired: sentence('Choose the customer to add'),
  fromCompanyRequired: sentence('Choose the company to merge into this one'),
} as const;

/** The refusals of the Companies API, word for word. */
export const ADMIN_COMPANIES_CONFLICTS = {
  lastOwner: LAST_OWNER_MESSAGE,
  mergeIntoItself: 'A company cannot be merged into itself',
  staffHaveNoCompany: 'Staff accounts belong to no company; only customers can be added',
  alreadyMember: 'This person is already a member of this company',
  movedMeanwhile: 'This person changed company meanwhile. Reload the company and try again.',
} as const;

export const ADMIN_COMPANIES_SUCCESS = {
  roleUpdated: 'Company role updated',
  memberAdded: 'Person added to the company',
  merged: 'Companies merged',
} as const;

/** owner, buyer or viewer; anything else is refused with one sentence. */
export const companyRoleSchema = z.enum(COMPANY_ROLES, { message: ADMIN_COMPANIES_MESSAGES.roleOutsideList });

const searchSchema = z
  .string({ message: 'must be a single text value' })
  .trim()
  .max(MAX_ADMIN_COMPANY_SEARCH_LENGTH, `must be at most ${MAX_ADMIN_COMPANY_SEARCH_LENGTH} characters`)
  .superRefine(oneLine())
  .optional()
  .default('');

/**
 * GET /api/admin/companies?search=&page=&limit=: newest first, 20 a page (at most 100). The search finds a
 * company by its name, or by a member's e-mail or name.
 */
export const adminCompanyListQuerySchema = z
  .object({
    search: searchSchema,
    page: z.optional(idSchema).default(1),
    limit: z
      .pipe(
        idSchema,
        z.number().max(MAX_ADMIN_COMPANIES_PAGE_SIZE, `must be at most ${MAX_ADMIN_COMPANIES_PAGE_SIZE}`),
      )
      .optional()
      .default(ADMIN_COMPANIES_PAGE_SIZE),
  })
  .strict();
export type AdminCompanyListQuery = z.infer<typeof adminCompanyListQuerySchema>;

export const adminCompanyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  peopleCount: z.number().int(),
  locationCount: z.number().int(),
  orderCount: z.number().int(),
  createdAt: z.string(),
});

export const adminCompanyListResponseSchema = z.object({
  companies: z.array(adminCompanyRowSchema),
  /** How many companies match, over all pages. */
  total: z.number().int(),
  /** 0 when nothing matches. */
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminCompanyListResponse = z.infer<typeof adminCompanyListResponseSchema>;

export const adminCompanyParamsSchema = z.object({ id: idSchema });
export const adminCompanyMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });

const address = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  /** The combined one-line address, as stored. */
  text: z.string().nullable(),
});

export const adminCompanyLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
  shipping: address,
  /** Empty (every field null) when billing is at the shipping address. */
  billing: address,
  /** The reseller's tax exemption (docs/companies.md#tax-exemption), `expired` once its last day has passed. */
  taxExemption: z
    .object({ certificateNumber: z.string(), state: z.string(), expiresOn: z.string(), expired: z.boolean() })
    .nullable(),
});
export type AdminCompanyLocation = z.infer<typeof adminCompanyLocationSchema>;

export const adminCompanyPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyRole: z.enum(COMPANY_ROLES),
  status: z.enum(USER_STATUSES),
  lastLoginAt: z.string().nullable(),
});

export const adminCompanyOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  orderTotal: z.string().regex(/^-?\d+\.\d{2}$/),
  /** Who placed it: null when the account is gone. */
  placedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const adminCompanySupportMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  createdAt: z.string(),
  from: z.object({ id: z.number().int(), name: z.string() }),
});

export const adminCompanyAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The administrator's name; null when the account is gone or nobody (a job) acted. */
  actor: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

/** How many of each list the company page shows at most. */
export const COMPANY_PAGE_LIMITS = { orders: 10, supportMessages: 5, audit: 30 } as const;

/** GET /api/admin/companies/{id}. */
export const adminCompanyDetailSchema = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    paymentTerms: z.enum(PAYMENT_TERMS),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** Its limit and open balance (docs/credit.md), and how many of its orders are on hold. */
  credit: companyCreditSchema.extend({ ordersOnHold: z.number().int() }),
  /** Its reorder reminders (docs/reorder-reminders.md): staff's settings and what the portal learned. */
  reorder: companyReorderSchema,
  locations: z.array(adminCompanyLocationSchema),
  people: z.array(adminCompanyPersonSchema),
  /** The newest orders (COMPANY_PAGE_LIMITS.orders) and how many the company has in all. */
  recentOrders: z.array(adminCompanyOrderSchema),
  orderCount: z.number().int(),
  supportMessages: z.array(adminCompanySupportMessageSchema),
  audit: z.array(adminCompanyAuditEntrySchema),
  /**
   * The company in the connected Shopify store (docs/shopify.md#b2b-companies): its Company GID, the last
   * finished sync and what staff must fix; null while it has never been synced (or no store is connected).
   */
  shopify: z
    .object({
      companyId: z.string().nullable(),
      syncedAt: z.string().nullable(),
      syncError: z.string().nullable(),
    })
    .nullable(),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

/** PATCH /api/admin/companies/{id}/members/{userId}. */
export const updateCompanyMemberRoleRequestSchema = z.object({ role: companyRoleSchema }).strict();

/** POST /api/admin/companies/{id}/members: an existing customer joins this company with a role. */
export const addCompanyMemberRequestSchema = z
  .object({
    userId: z
      .number({ message: ADMIN_COMPANIES_MESSAGES.userRequired })
      .int()
      .positive()
      .max(MAX_ID, 'is too large'),
    role: companyRoleSchema,
  })
  .strict();

/** POST /api/admin/companies/{id}/merge: company `fromCompanyId` moves into {id} and is deleted. */
export const mergeCompanyRequestSchema = z
  .object({
    fromCompanyId: z
      .number({ message: ADMIN_COMPANIES_MESSAGES.fromCompanyRequired })
      .int()
      .positive()
      .max(MAX_ID, 'is too large'),
  })
  .strict();

export const adminCompanyMessageSchema = z.object({ message: z.string() });

export const mergeCompanyResponseSchema = z.object({
  message: z.string(),
  moved: z.object({
    people: z.number().int(),
    locations: z.number().int(),
    orders: z.number().int(),
  }),
});
export type MergeCompanyResponse = z.infer<typeof mergeCompanyResponseSchema>;

/** PUT /api/admin/companies/:id/locations/:locationId/tax-exemption (docs/companies.md#tax-exemption). */
export const TAX_EXEMPTION_MESSAGES = {
  certificateRequired: 'Enter the certificate number',
  stateRequired: 'Enter the state that issued the certificate (two letters, e.g. CA)',
  expiryInvalid: 'Enter the expiry date as YYYY-MM-DD',
  expiryPassed: 'The expiry date has already passed',
  saved: 'Tax exemption saved',
  cleared: 'Tax exemption removed',
  locationNotFound: 'Location not found',
} as const;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const taxExemptionRequestSchema = z
  .object({
    certificateNumber: z
      .string({ message: TAX_EXEMPTION_MESSAGES.certificateRequired })
      .trim()
      .min(1, TAX_EXEMPTION_MESSAGES.certificateRequired)
      .max(60, 'The certificate number is at most 60 characters')
      .superRefine(oneLine()),
    state: z
      .string({ message: TAX_EXEMPTION_MESSAGES.stateRequired })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, TAX_EXEMPTION_MESSAGES.stateRequired),
    expiresOn: z
      .string({ message: TAX_EXEMPTION_MESSAGES.expiryInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, TAX_EXEMPTION_MESSAGES.expiryInvalid)
      .refine(isCalendarDate, TAX_EXEMPTION_MESSAGES.expiryInvalid),
  })
  .strict();
export type TaxExemptionRequest = z.infer<typeof taxExemptionRequestSchema>;

export const adminCompanyLocationParamsSchema = z.object({ id: idSchema, locationId: idSchema });
