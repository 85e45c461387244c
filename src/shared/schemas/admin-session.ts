import { z } from 'zod';
import { sentence } from './messages';

/** The admin login form's rules (spec 001 §5), word for word. */
export const ADMIN_LOGIN_MESSAGES = {
  username: sentence('Username is required'),
  password: sentence('Password is required'),
} as const;

/** POST /api/admin/login (spec 001 §7). */
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

/** One answer for a wrong password, an unknown username and a non-administrator (security.md A4). */
export const ADMIN_LOGIN_FAILED_MESSAGE = 'Invalid username or password';
