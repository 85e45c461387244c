import { z } from 'zod';

/*
 * The zod parts and cost constants shared by operations.ts and operations-companies.ts (in a module of their
 * own, so the two do not import each other).
 */

export const pageInfo = z.strictObject({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
export const userError = z.strictObject({ field: z.array(z.string()).nullable(), message: z.string() });
/** A userError that has a `code` (BusinessCustomerUserError, the payment terms' errors…). */
export const codedUserError = userError.extend({ code: z.string().nullable() });

export const MUTATION_COST = 10;
export const SMALL_QUERY_COST = 10;
