// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyRole } from '../../../shared/company-roles';
import {
  ADMIN_COMPANIES_PAGE_SIZE,
  adminCompanyDetailSchema,
  adminCompanyListResponseSchema,
  adminCompanyMessageSchema,
  mergeCompanyResponseSchema,
  type TaxExemptionRequest,
} from '../../../shared/schemas/admin-companies';
import { adminUserListSchema } from '../../../shared/schemas/admin-users';
import type { UpdateCompanySettingsRequest } from '../../../shared/schemas/credit';
import { dueRemindersResponseSchema } from '../../../shared/schemas/reorder-reminders';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { toast } from '../../lib/toast';

/** The fallbacks shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const COMPANIES_FALLBACKS = {
  changeRole: 'Failed to update the company role',
  addMember: 'Failed to add the person',
  merge: 'Failed to merge the companies',
  settings: 'Failed to save the company settings',
  sendReminder: 'Failed to send the reorder reminder',
} as const;

const ADMIN_COMPANIES_QUERY_KEY = ['admin', 'companies'] as const;

/** GET /api/admin/companies: one page of the search; the previous page stays while the next loads. */
export function companiesQueryOptions(search: string, page: number, limit = ADMIN_COMPANIES_PAGE_SIZE) {
  const trimmed = search.trim();
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (trimmed !== '') query.set('search', trimmed);
  return queryOptions({
    queryKey: [...ADMIN_COMPANIES_QUERY_KEY, 'list', { search: trimmed, page, limit }],
    queryFn: ({ signal }) =>
      requestJson(`/api/admin/companies?${query.toString()}`, adminCompanyListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/companies/{id}: the company's page. */
export function companyQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...ADMIN_COMPANIES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => requestJson(`/api/admin/companies/${id}`, adminCompanyDetailSchema, { signal }),
  });
}

/**
 * GET /api/admin/users, for 'Add person' to find a customer by e-mail: the same query (and cache entry) as
 * the Users section's list.
 */
export const customersQueryOptions = queryOptions({
  queryKey: ['admin', 'users', 'list'],
  queryFn: ({ signal }) => requestJson('/api/admin/users', adminUserListSchema, { signal }),
});

/**
 * GET /api/admin/reorder-reminders/due: the companies whose reorder reminder is due within the next 7 days,
 * soonest first (docs/admin.md#companies, 'Due this week').
 */
export const dueRemindersQueryOptions = queryOptions({
  queryKey: ['admin', 'reorder-reminders', 'due'] as const,
  queryFn: ({ signal }) =>
    requestJson('/api/admin/reorder-reminders/due', dueRemindersResponseSchema, { signal }),
});

/**
 * POST /api/admin/reorder-reminders/{companyId}/send: staff's 'Send now' in 'Due this week'
 * (docs/reorder-reminders.md#staff): the company's reminder for its current order cycle goes at once, once
 * per cycle. 'Success' with the server's message ('Reorder reminder sent to {email}'), or 'Error' with its
 * 409 (already sent, nobody to receive it, nothing scheduled); either way 'Due this week' and the company's
 * page are asked again, since what they show may have changed.
 */
export function useSendReminderNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number) =>
      requestJson(`/api/admin/reorder-reminders/${companyId}/send`, adminCompanyMessageSchema, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
    },
    onError: (error) => showError(error, COMPANIES_FALLBACKS.sendReminder),
    onSettled: (_answer, _error, companyId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dueRemindersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: companyQueryOptions(companyId).queryKey }),
      ]),
  });
}

/** After a change: every company list and page, and the Users lists (which show each customer's company). */
function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
    ]);
}

/**
 * PATCH /api/admin/companies/{id} (docs/credit.md#credit-limit, docs/reorder-reminders.md#staff):
 * the credit limit in dollars (null: none) and the reorder reminder settings, only the fields changed.
 * 'Success' with the server's message ('Company settings saved'); the company's page is asked again, and so
 * are 'Due this week' and Insights, which read these settings. The form shows a refusal itself.
 */
export function useSaveCompanySettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdateCompanySettingsRequest) =>
      requestJson(`/api/admin/companies/${companyId}`, adminCompanyMessageSchema, {
        method: 'PATCH',
        body: settings,
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: dueRemindersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'insights'] }),
      ]);
    },
  });
}

/** PATCH /api/admin/companies/{id}/members/{userId}: 'Success' with the server's message, or 'Error'. */
export function useChangeMemberRole(companyId: number) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyRole }) =>
      requestJson(`/api/admin/companies/${companyId}/members/${userId}`, adminCompanyMessageSchema, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
    },
    onError: (error) => showError(error, COMPANIES_FALLBACKS.changeRole),
    onSettled: refresh,
  });
}

/** POST /api/admin/companies/{id}/members: an existing customer joins the company. */
export function useAddMember(companyId: number, options: { onDone: () => void }) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyRole }) =>
      requestJson(`/api/admin/companies/${companyId}/members`, adminCompanyMessageSchema, {
        method: 'POST',
        body: { userId, role },
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
      await refresh();
    },
    onError: (error) => showError(error, COMPANIES_FALLBACKS.addMember),
  });
}

/** POST /api/admin/companies/{id}/merge: says how many people, locations and orders moved. */
export function useMergeCompany(companyId: number, options: { onDone: () => void }) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (fromCompanyId: number) =>
      requestJson(`/api/admin/companies/${companyId}/merge`, mergeCompanyResponseSchema, {
        method: 'POST',
        body: { fromCompanyId },
      }),
    onSuccess: async (answer) => {
      const { people, locations, orders } = answer.moved;
      toast.success('Success', {
        description: `${answer.message}: ${counted(people, 'person', 'people')}, ${counted(locations, 'location', 'locations')} and ${counted(orders, 'order', 'orders')} moved.`,
      });
      options.onDone();
      await refresh();
    },
    onError: (error) => showError(error, COMPANIES_FALLBACKS.merge),
  });
}

/** '1 person', '3 people'. */
export const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * PUT (or, with null, DELETE) /api/admin/companies/{id}/locations/{locationId}/tax-exemption
 * (docs/companies.md#tax-exemption). The dialog shows a refusal itself.
 */
export function useSaveTaxExemption(companyId: number, options: { onDone: () => void }) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ locationId, exemption }: { locationId: number; exemption: TaxExemptionRequest | null }) =>
      requestJson(
        `/api/admin/companies/${companyId}/locations/${locationId}/tax-exemption`,
        adminCompanyMessageSchema,
        exemption ? { method: 'PUT', body: exemption } : { method: 'DELETE' },
      ),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
      await refresh();
    },
  });
}
