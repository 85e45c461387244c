import { z } from 'zod';
import { sentence } from './messages';

/** The admin login form's rules (docs/admin.md#admin-access), word for word. */
export const ADMIN_LOGIN_MESSAGES = {
  username: sentence('Username is required'),
  password: sentence('Password is required'),
} as const;

/** POST /api/admin/login (docs/admin.md#admin-access). */
export const adminLoginRequestSchema = z.object({
  username: z
    .string({ message: ADMIN_LOGIN_MESSAGES.username })
    .trim()
    .min(1, ADMIN_LOGIN_MESSAGES.username)
    .max(254, 'must be at most 254 characters'),
  password: z
    .string({ message: ADMIN_LOGIN_MESSAGES.password })
    .min(1, ADMIN_LOGIN_MESSAGES.password)
    .max(200, 'must be at most 200 characters'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/**
 * One answer for a wrong password, an unknown username and a non-administrator
 * (docs/security.md#administrator-sign-in).
 */
export const ADMIN_LOGIN_FAILED_MESSAGE = 'Invalid username or password';
