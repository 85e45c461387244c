import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { projectRoot } from '../../src/server/paths';

/**
 * The Admin API version whose real schema ships with the project (docs/shopify.md#request-and-api-version,
 * docs/shopify.md#schema-checks).
 */
export const ADMIN_SCHEMA_VERSION = '2026-10';

/**
 * The vendored introspection of Shopify's Admin GraphQL API, taken unchanged from npm `@shopify/dev-mcp@1.16.0`
 * (ISC, see schema/LICENSE.dev-mcp.txt). Only the fake store and the tests read it, never the portal itself
 * (ADR 0023). Resolved from the project root so the same path works from dev/ (tsx, Vitest) and from the
 * fake's bundle in dist/fake-shopify.
 */
export const adminSchemaFile = () =>
  path.join(projectRoot(), `dev/fake-shopify/schema/admin_${ADMIN_SCHEMA_VERSION}.json.gz`);

let cachedSchema: GraphQLSchema | undefined;

/**
 * The Admin schema as a graphql-js GraphQLSchema, built once per process (about 11 MB of JSON, ~3,500 types,
 * so building it costs a few hundred ms). Used by the document tests and by the fake store to validate
 * incoming documents exactly as Shopify does.
 */
export function loadAdminSchema(): GraphQLSchema {
  if (cachedSchema) return cachedSchema;
  const json: unknown = JSON.parse(gunzipSync(readFileSync(adminSchemaFile())).toString('utf8'));
  cachedSchema = buildClientSchema(introspectionOf(json));
  return cachedSchema;
}

/** The file is `{"data":{"__schema":…}}`; accept a bare `{"__schema":…}` too. */
function introspectionOf(json: unknown): IntrospectionQuery {
  const root = isRecord(json) && isRecord(json.data) ? json.data : json;
  if (!isRecord(root) || !isRecord(root.__schema)) {
    throw new Error(`${adminSchemaFile()} is not a GraphQL introspection result`);
  }
  // buildClientSchema checks the structure itself and throws a precise error; zod here would duplicate it.
  return root as unknown as IntrospectionQuery;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
