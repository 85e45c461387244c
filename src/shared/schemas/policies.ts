import { z } from 'zod';
import { POLICY_KINDS } from '../policy-pages';
import { sentence } from './messages';
import { multiLine, oneLine } from './text';

/**
 * Contracts of the policy documents (docs/admin.md#policies, docs/storefront.md#policy-pages): the public
 * GET /api/policies/{kind} and the admin API. The body is plain text with a few markings
 * (docs/admin.md#policies), shown as text, never as HTML.
 */

export const POLICY_TITLE_MAX = 200;
/**
 * About 5,000 words, longer than most terms of sale. Even written entirely in three-byte characters it stays
 * under the 100 KiB request limit (docs/security.md#input-validation).
 */
export const POLICY_BODY_MAX = 30_000;

export const POLICY_MESSAGES = {
  titleRequired: sentence('Title is required'),
  titleTooLong: sentence(`Title must be at most ${POLICY_TITLE_MAX} characters`),
  titleOneLine: sentence('Title must be on one line'),
  bodyMissing: sentence('Text is missing'),
  bodyTooLong: sentence(`Text must be at most ${POLICY_BODY_MAX.toLocaleString('en-US')} characters`),
  notFound: 'This policy has not been published yet.',
} as const;

export const policyKindSchema = z.enum(POLICY_KINDS, { message: 'must be terms or privacy' });

/** `/{kind}` of GET /api/policies/{kind} and PUT /api/admin/policies/{kind}. */
export const policyKindParamsSchema = z.object({ kind: policyKindSchema });

/**
 * PUT /api/admin/policies/{kind}. Both trimmed; the title is required and on one line, the text may be
 * empty (the page then says the policy has not been published yet).
 */
export const policyInputSchema = z.object({
  title: z
    .string({ message: POLICY_MESSAGES.titleRequired })
    .trim()
    .min(1, POLICY_MESSAGES.titleRequired)
    .max(POLICY_TITLE_MAX, POLICY_MESSAGES.titleTooLong)
    .superRefine(oneLine({ lineBreak: POLICY_MESSAGES.titleOneLine })),
  body: z
    .string({ message: POLICY_MESSAGES.bodyMissing })
    .trim()
    .max(POLICY_BODY_MAX, POLICY_MESSAGES.bodyTooLong)
    .superRefine(multiLine()),
});
export type PolicyInput = z.input<typeof policyInputSchema>;
export type PolicyValues = z.output<typeof policyInputSchema>;

/** A policy as the public page reads it (GET /api/policies/{kind}). */
export const publicPolicySchema = z.object({
  kind: policyKindSchema,
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type PublicPolicy = z.infer<typeof publicPolicySchema>;

/** A policy as staff edit it: who saved it last (null for the starter text, or a deleted account). */
export const adminPolicySchema = publicPolicySchema.extend({
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminPolicy = z.infer<typeof adminPolicySchema>;

/** GET /api/admin/policies: every document, terms first. */
export const adminPolicyListSchema = z.array(adminPolicySchema);
