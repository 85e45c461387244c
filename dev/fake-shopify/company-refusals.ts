import { defaultFieldResolver, GraphQLError, type GraphQLFieldResolver } from 'graphql';
import type { ResolverContext } from './resolvers';
import { requiredAccessOf } from './schema';

/**
 * How the fake store refuses B2B work (docs/plans/shopify-b2b.md §1.6, §3.6): a business rule answers a
 * BusinessCustomerUserError in the payload's userErrors; a store without B2B, or an app without the companies
 * scope, answers the field null with a top-level ACCESS_DENIED error.
 */

export type BusinessErrorCode = 'BLANK' | 'INVALID' | 'NO_INPUT' | 'RESOURCE_NOT_FOUND' | 'TAKEN';

/**
 * BusinessCustomerUserError: unlike the draft-order UserError it has a code. The codes and fields follow the
 * schema; the messages are assumed (Shopify's wording was not captured), so the portal must not match them.
 */
export interface BusinessUserError {
  field: string[] | null;
  message: string;
  code: BusinessErrorCode;
}

/** What a company mutation did: the object it made or changed, or why it did nothing. */
export interface Outcome<T> {
  result: T | null;
  userErrors: BusinessUserError[];
}

export const done = <T>(result: T): Outcome<T> => ({ result, userErrors: [] });
export const refused = <T>(userErrors: BusinessUserError[]): Outcome<T> => ({ result: null, userErrors });

/** `externalId` → `External Id`, as Rails words an attribute in its messages. */
function label(field: string[]): string {
  const name = field.at(-1) ?? '';
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());
}

export const blank = (field: string[]): BusinessUserError => ({
  field,
  message: `${label(field)} can't be blank`,
  code: 'BLANK',
});

export const taken = (field: string[]): BusinessUserError => ({
  field,
  message: `${label(field)} has already been taken`,
  code: 'TAKEN',
});

export const notFound = (field: string[]): BusinessUserError => ({
  field,
  message: 'Resource requested does not exist.',
  code: 'RESOURCE_NOT_FOUND',
});

export const invalid = (field: string[], message: string): BusinessUserError => ({
  field,
  message,
  code: 'INVALID',
});

export const noInput = (message: string): BusinessUserError => ({ field: null, message, code: 'NO_INPUT' });

const B2B_ACCESS = 'The shop must have access to B2B';
const ACCESS_SCOPES_DOCS = 'https://shopify.dev/api/usage/access-scopes';

/**
 * The field resolver of every request. While the store has no B2B, or the app lacks the companies scope
 * (`store.companiesAccessDenied`), a field whose introspection `requiredAccess` needs B2B is refused as
 * Shopify refuses a field the app may not use: null (up to the nearest nullable field) and a top-level
 * ACCESS_DENIED error at its path; the rest of the document is answered. A missing scope gives the same
 * answer, which is why the portal asks Shop.entitlements (readable without any scope) to tell the two apart.
 */
export const accessCheckedResolver: GraphQLFieldResolver<unknown, ResolverContext> = (
  source,
  args,
  context,
  info,
) => {
  const { store } = context;
  if (!store.b2bEnabled || store.companiesAccessDenied) {
    const requiredAccess = requiredAccessOf(info.parentType.name, info.fieldName);
    if (requiredAccess?.includes(B2B_ACCESS)) {
      throw new GraphQLError(
        `Access denied for ${info.fieldName} field. Required access: ${requiredAccess}`,
        {
          extensions: { code: 'ACCESS_DENIED', documentation: ACCESS_SCOPES_DOCS, requiredAccess },
        },
      );
    }
  }
  return defaultFieldResolver(source, args, context, info);
};
