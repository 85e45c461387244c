// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  adminUserChangeResponseSchema,
  adminUserListSchema,
  adminUserMessageSchema,
  paymentTermsOptionsResponseSchema,
  pendingUserListSchema,
  type ApprovalDecision,
  type CreateUserRequest,
  type UserRole,
} from '../../../shared/schemas/admin-users';
import type { PaymentTerms } from '../../../shared/payment-terms';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';

/** The fallbacks shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const USERS_FALLBACKS = {
  decide: 'Failed to update user status',
  create: 'Failed to create user',
  resetPassword: 'Failed to reset password',
  passwordSetupLink: 'Failed to send the password setup link',
  updateRole: 'Failed to update user role',
  updatePaymentTerms: 'Failed to update payment terms',
} as const;

/**
 * Both lists live under ['admin', 'users'], so one invalidation refreshes both (docs/admin.md#pending-users).
 */
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users: every user, newest first. */
export const usersQueryOptions = queryOptions({
  queryKey: [...ADMIN_USERS_QUERY_KEY, 'list'],
  queryFn: ({ signal }) => requestJson('/api/admin/users', adminUserListSchema, { signal }),
});

/** GET /api/admin/pending-users: registrations waiting for a decision, oldest first. */
export const pendingUsersQueryOptions = queryOptions({
  queryKey: [...ADMIN_USERS_QUERY_KEY, 'pending'],
  queryFn: ({ signal }) => requestJson('/api/admin/pending-users', pendingUserListSchema, { signal }),
});

/**
 * GET /api/admin/payment-terms: the terms staff may give a customer, each with whether the Shopify store has
 * them (docs/admin.md#users). Asked again each time the dialog opens (the default staleness): the store's
 * templates may have changed.
 */
export const paymentTermsOptionsQueryOptions = queryOptions({
  queryKey: ['admin', 'payment-terms'],
  queryFn: ({ signal }) =>
    requestJson('/api/admin/payment-terms', paymentTermsOptionsResponseSchema, { signal }),
});

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
}

export interface DecisionInput {
  userId: number;
  decision: ApprovalDecision;
}

/**
 * Approve or Reject (docs/admin.md#admin-messages): 'Success' with the server's message, or 'Error' with the
 * server's message or 'Failed to update user status'. Either way both lists reload.
 */
export function useDecideUser(options: { onSettled?: () => void } = {}) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, decision }: DecisionInput) =>
      requestJson(`/api/admin/users/${userId}/approve`, adminUserMessageSchema, {
        method: 'POST',
        body: { decision },
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
    },
    onError: (error) => showError(error, USERS_FALLBACKS.decide),
    onSettled: async () => {
      options.onSettled?.();
      await refresh();
    },
  });
}

export function useCreateUser(options: { onCreated: () => void }) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (values: CreateUserRequest) =>
      requestJson('/api/admin/users', adminUserChangeResponseSchema, { method: 'POST', body: values }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onCreated();
      await refresh();
    },
    onError: (error) => showError(error, USERS_FALLBACKS.create),
  });
}

export function useResetUserPassword(options: { onDone: () => void }) {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) =>
      requestJson(`/api/admin/users/${userId}/reset-password`, adminUserMessageSchema, {
        method: 'POST',
        body: { password },
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
    },
    onError: (error) => showError(error, USERS_FALLBACKS.resetPassword),
  });
}

/**
 * 'Send password setup link' for a customer who signs in by link and has no password (docs/admin.md#users):
 * the password reset e-mail, so they choose one themselves.
 */
export function useSendPasswordSetupLink(options: { onDone: () => void }) {
  return useMutation({
    mutationFn: (userId: number) =>
      requestJson(`/api/admin/users/${userId}/password-setup-link`, adminUserMessageSchema, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
    },
    onError: (error) => showError(error, USERS_FALLBACKS.passwordSetupLink),
  });
}

export function useUpdateUserRole(options: { onDone: () => void }) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: UserRole }) =>
      requestJson(`/api/admin/users/${userId}/role`, adminUserChangeResponseSchema, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
      await refresh();
    },
    onError: (error) => showError(error, USERS_FALLBACKS.updateRole),
  });
}

/**
 * PATCH /api/admin/users/{userId}/payment-terms: 'Success' with the server's message, or 'Error' with its
 * refusal ('The Shopify store has no payment terms template for these terms') or the fallback. A refusal
 * reloads the choices, which may have changed in the store.
 */
export function useUpdatePaymentTerms(options: { onDone: () => void }) {
  const refresh = useRefreshUsers();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, paymentTerms }: { userId: number; paymentTerms: PaymentTerms }) =>
      requestJson(`/api/admin/users/${userId}/payment-terms`, adminUserChangeResponseSchema, {
        method: 'PATCH',
        body: { paymentTerms },
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDone();
      await refresh();
    },
    onError: async (error) => {
      showError(error, USERS_FALLBACKS.updatePaymentTerms);
      await queryClient.invalidateQueries({ queryKey: paymentTermsOptionsQueryOptions.queryKey });
    },
  });
}
