import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
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

interface AdminSchema {
  schema: GraphQLSchema;
  /** `requiredAccess` of the types and of the fields (`Type.field`) that have one. */
  typeAccess: Map<string, string>;
  fieldAccess: Map<string, string>;
}

let cachedSchema: AdminSchema | undefined;

/**
 * The Admin schema as a graphql-js GraphQLSchema, built once per process (about 11 MB of JSON, ~3,500 types,
 * so building it costs a few hundred ms). Used by the document tests and by the fake store to validate
 * incoming documents exactly as Shopify does.
 */
export function loadAdminSchema(): GraphQLSchema {
  return loadAdmin().schema;
}

function loadAdmin(): AdminSchema {
  if (cachedSchema) return cachedSchema;
  const json: unknown = JSON.parse(gunzipSync(readFileSync(adminSchemaFile())).toString('utf8'));
  const introspection = introspectionOf(json);
  const schema = buildClientSchema(introspection);
  cachedSchema = { schema, ...accessIndex(introspection) };
  return cachedSchema;
}

/** buildClientSchema drops Shopify's `requiredAccess` extension, so it is read from the raw introspection. */
function accessIndex(introspection: IntrospectionQuery) {
  const typeAccess = new Map<string, string>();
  const fieldAccess = new Map<string, string>();
  for (const type of introspection.__schema.types) {
    const access: unknown = Reflect.get(type, 'requiredAccess');
    if (typeof access === 'string') typeAccess.set(type.name, access);
    for (const field of 'fields' in type ? (type.fields ?? []) : []) {
      const fieldLevel: unknown = Reflect.get(field, 'requiredAccess');
      if (typeof fieldLevel === 'string') fieldAccess.set(`${type.name}.${field.name}`, fieldLevel);
    }
  }
  return { typeAccess, fieldAccess };
}

const accessCache = new Map<string, string | null>();

/**
 * What the introspection says reading `typeName.fieldName` requires (its `requiredAccess`), or null. A field
 * without one of its own needs what its type needs (for a connection, what its nodes need), else what the
 * type holding it needs: `companies` needs Company's access, and so does `id` on a Company reached through
 * `node(id:)` or a union.
 */
export function requiredAccessOf(typeName: string, fieldName: string): string | null {
  const key = `${typeName}.${fieldName}`;
  const cached = accessCache.get(key);
  if (cached !== undefined) return cached;
  const { schema, typeAccess, fieldAccess } = loadAdmin();
  const parent = schema.getType(typeName);
  const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[fieldName] : undefined;
  const returned = field ? getNamedType(field.type) : undefined;
  const nodes = isObjectType(returned) ? returned.getFields().nodes : undefined;
  const access =
    fieldAccess.get(key) ??
    (returned && typeAccess.get(returned.name)) ??
    (nodes && typeAccess.get(getNamedType(nodes.type).name)) ??
    typeAccess.get(typeName) ??
    null;
  accessCache.set(key, access);
  return access;
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
