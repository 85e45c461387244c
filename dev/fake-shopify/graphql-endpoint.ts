import { randomUUID } from 'node:crypto';
import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import {
  actualQueryCost,
  estimateQueryCost,
  MAX_QUERY_COST,
  type LeakyBucket,
  type ThrottleStatus,
} from './cost';
import { accessCheckedResolver } from './company-refusals';
import { mutationResolvers } from './mutations';
import { queryResolvers, type ResolverContext } from './resolvers';
import { checkCustomScalarVariables } from './scalar-checks';
import type { FakeStore } from './store';

/** What the HTTP layer sends back. */
export interface EndpointAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** For the request log. */
  operationName: string | null;
  requestedQueryCost: number | null;
}

export interface GraphqlRequest {
  apiVersion: string;
  accessToken: string | undefined;
  contentType: string | undefined;
  body: string;
  /** A forced THROTTLED (failure switch): answered as if the bucket were empty, which it is not. */
  forceThrottled?: boolean;
}

export interface GraphqlEndpointDeps {
  schema: GraphQLSchema;
  store: FakeStore;
  /** Every token the fake store accepts. */
  isValidToken: (token: string) => boolean;
  bucketFor: (token: string) => LeakyBucket;
}

export const INVALID_TOKEN_MESSAGE =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';
const THROTTLED_DOCS = 'https://shopify.dev/api/usage/rate-limits';

const requestBodySchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

/**
 * The name of the operation a request body asks for, before anything runs (failure switches aimed at one
 * operation); null when the body is no GraphQL request the endpoint would run.
 */
export function requestedOperationName(rawBody: string): string | null {
  try {
    const body = requestBodySchema.parse(JSON.parse(rawBody));
    return getOperationAST(parse(body.query), body.operationName ?? undefined)?.name?.value ?? null;
  } catch {
    return null;
  }
}

/** The root value: query and mutation fields share one object, graphql-js picks by the operation type. */
const rootValue = { ...queryResolvers, ...mutationResolvers };

function json(status: number, payload: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(payload),
  };
}

/**
 * Validation errors worded as the real API (graphql-ruby) words the common ones, so a log line from the fake
 * reads like one from Shopify: "Field 'note' doesn't exist on type 'DraftOrder'".
 */
function shopifyValidationError(error: GraphQLError): GraphQLFormattedError {
  const base = error.toJSON();
  const undefinedField = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (undefinedField) {
    const [, fieldName, typeName] = undefinedField;
    return {
      ...base,
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      extensions: { code: 'undefinedField', typeName, fieldName },
    };
  }
  const unknownArgument = /^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"/.exec(error.message);
  if (unknownArgument) {
    const [, argumentName, , fieldName] = unknownArgument;
    return {
      ...base,
      message: `Field '${fieldName}' doesn't accept argument '${argumentName}'`,
      extensions: { code: 'argumentNotAccepted', name: fieldName, typeName: 'Field', argumentName },
    };
  }
  return base;
}

/** An unexpected exception in a resolver is reported the way Shopify reports its own internal errors. */
function formatExecutionError(error: GraphQLError, requestId: string): GraphQLFormattedError {
  if (error.originalError && !(error.originalError instanceof GraphQLError)) {
    return {
      message: `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId} (include this in support requests).`,
      ...(error.locations ? { locations: error.locations } : {}),
      ...(error.path ? { path: error.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId, fakeStoreError: error.originalError.message },
    };
  }
  return error.toJSON();
}

/**
 * POST /admin/api/{version}/graphql.json (docs/shopify.md#talking-to-the-admin-api,
 * docs/shopify.md#throttling-and-retries): token check (401 with a string `errors`), parse and validate
 * against the real Admin schema (errors with HTTP 200), custom scalar formats, cost and the leaky bucket
 * (MAX_COST_EXCEEDED, THROTTLED with HTTP 200), then graphql-js `execute()` over the store, where a field that
 * needs B2B answers ACCESS_DENIED while the shop has none (company-refusals.ts).
 */
export function createGraphqlEndpoint(deps: GraphqlEndpointDeps) {
  const { schema, store } = deps;

  return function handle(request: GraphqlRequest): EndpointAnswer {
    const requestId = randomUUID();
    const baseHeaders = { 'x-shopify-api-version': request.apiVersion, 'x-request-id': requestId };
    const answer = (
      status: number,
      payload: unknown,
      meta: { operationName?: string | null; cost?: number | null; headers?: Record<string, string> } = {},
    ): EndpointAnswer => ({
      ...json(status, payload, { ...baseHeaders, ...meta.headers }),
      operationName: meta.operationName ?? null,
      requestedQueryCost: meta.cost ?? null,
    });

    const token = request.accessToken;
    if (!token || !deps.isValidToken(token)) return answer(401, { errors: INVALID_TOKEN_MESSAGE });
    const bucket = deps.bucketFor(token);
    const costExtension = (
      requested: number,
      actual: number | null,
      status: ThrottleStatus = bucket.status(),
    ) => ({
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: status },
    });

    let body: z.infer<typeof requestBodySchema>;
    if (request.contentType?.startsWith('application/graphql')) {
      body = { query: request.body };
    } else {
      let raw: unknown;
      try {
        raw = JSON.parse(request.body);
      } catch {
        return answer(400, { errors: 'Invalid JSON in request body' });
      }
      const parsed = requestBodySchema.safeParse(raw);
      if (!parsed.success) return answer(400, { errors: { query: 'Required parameter missing or invalid' } });
      body = parsed.data;
    }
    const variables = body.variables ?? {};

    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      const syntaxError = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      return answer(200, { errors: [syntaxError.toJSON()], extensions: costExtension(0, 0) });
    }
    const validationErrors = validate(schema, document);
    if (validationErrors.length > 0) {
      return answer(200, {
        errors: validationErrors.map(shopifyValidationError),
        extensions: costExtension(0, 0),
      });
    }
    const operation = getOperationAST(document, body.operationName ?? undefined);
    if (!operation) {
      const message = body.operationName
        ? `No operation named "${body.operationName}"`
        : 'An operation name is required';
      return answer(200, { errors: [{ message }], extensions: costExtension(0, 0) });
    }
    const operationName = operation.name?.value ?? null;
    const scalarErrors = checkCustomScalarVariables(schema, operation, variables);
    if (scalarErrors.length > 0) {
      return answer(
        200,
        { errors: scalarErrors.map((error) => error.toJSON()), extensions: costExtension(0, 0) },
        { operationName },
      );
    }

    const fragments = document.definitions.filter(
      (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
    );
    const cost = estimateQueryCost(schema, operation, fragments, variables);
    if (cost > MAX_QUERY_COST) {
      return answer(
        200,
        {
          errors: [
            {
              message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).

See https://shopify.dev/concepts/about-apis/rate-limits for more information on how the
cost of a query is calculated.

To query larger amounts of data with fewer limits, bulk operations should be used instead.
See https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.
`,
              extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST },
            },
          ],
          extensions: costExtension(cost, null),
        },
        { operationName, cost },
      );
    }
    if (request.forceThrottled || !bucket.take(cost)) {
      const status = bucket.status();
      return answer(
        200,
        {
          errors: [
            { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: THROTTLED_DOCS } },
          ],
          extensions: costExtension(
            cost,
            null,
            request.forceThrottled ? { ...status, currentlyAvailable: 0 } : status,
          ),
        },
        { operationName, cost },
      );
    }

    const context: ResolverContext = { store, apiVersion: request.apiVersion, searchReports: [] };
    const result = execute({
      schema,
      document,
      rootValue,
      contextValue: context,
      fieldResolver: accessCheckedResolver,
      variableValues: variables,
      operationName: body.operationName ?? undefined,
    });
    if (result instanceof Promise) throw new Error('The fake store resolves synchronously');
    const actual = actualQueryCost(schema, operation, fragments, variables, result.data);
    bucket.refund(cost - actual);
    const extensions = {
      ...costExtension(cost, actual),
      ...(context.searchReports.length > 0 ? { search: context.searchReports } : {}),
    };
    const deprecated = validate(schema, document, [NoDeprecatedCustomRule]);
    return answer(
      200,
      {
        ...(result.errors
          ? { errors: result.errors.map((error) => formatExecutionError(error, requestId)) }
          : {}),
        ...('data' in result ? { data: result.data } : {}),
        extensions,
      },
      {
        operationName,
        cost,
        headers:
          deprecated.length > 0
            ? {
                'x-shopify-api-deprecated-reason':
                  'https://shopify.dev/api/usage/versioning#deprecation-practices',
              }
            : {},
      },
    );
  };
}
