import { GraphQLError } from 'graphql';

/**
 * Shopify global ids, `gid://shopify/{Type}/{id}` (docs/shopify.md#shopify-ids). The fake store keeps numeric
 * ids (all below 2^53) and prints GIDs at the GraphQL edge and `admin_graphql_api_id` in webhooks.
 */
export function toGid(type: string, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/;

/** The parts of a GID, or null for anything else (a bare number, another scheme). */
export function splitGid(value: string): { type: string; id: number } | null {
  const match = GID.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { type: match[1], id } : null;
}

/**
 * The numeric id of `value` when it is a GID of `type`; null when it is a GID of another type (the real API
 * then finds nothing). A string that is no GID at all is a GraphQL error, worded as Shopify words it.
 */
export function idOf(value: string, type: string): number | null {
  const parts = splitGid(value);
  if (!parts) throw invalidGlobalId(value);
  return parts.type === type ? parts.id : null;
}

export function invalidGlobalId(value: string): GraphQLError {
  return new GraphQLError(`Invalid global id '${value}'`, {
    extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' },
  });
}
