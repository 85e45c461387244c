import {
  GraphQLError,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { parseAmount } from './money';

/**
 * Custom scalars are opaque in a client schema (docs/shopify.md#schema-checks): graphql-js lets `"10,65"` or
 * `{}` through as a Money. The real API rejects such variables before running anything, with an error naming
 * the variable and the path; this does the same for the scalars whose format matters here.
 */
const CHECKS: Record<string, { valid: (value: unknown) => boolean; explain: (value: unknown) => string }> = {
  Money: {
    valid: (value) => parseAmount(value) !== null,
    explain: (value) => `invalid money ${show(value)}`,
  },
  Decimal: {
    valid: (value) => parseAmount(value) !== null,
    explain: (value) => `invalid decimal ${show(value)}`,
  },
  UnsignedInt64: {
    valid: (value) =>
      (typeof value === 'string' && /^\d+$/.test(value)) ||
      (Number.isSafeInteger(value) && Number(value) >= 0),
    explain: (value) => `invalid unsigned integer ${show(value)}`,
  },
  DateTime: {
    valid: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
    explain: (value) => `invalid date-time ${show(value)}`,
  },
  URL: {
    valid: (value) => typeof value === 'string' && URL.canParse(value),
    explain: (value) => `invalid URL ${show(value)}`,
  },
};

const show = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

interface Problem {
  path: (string | number)[];
  explanation: string;
}

function walk(type: GraphQLInputType, value: unknown, path: (string | number)[], problems: Problem[]): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return walk(type.ofType, value, path, problems);
  if (isListType(type)) {
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => walk(type.ofType, item, [...path, index], problems));
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const fields = type.getFields();
    for (const [name, fieldValue] of Object.entries(value)) {
      const field = fields[name];
      if (field) walk(field.type, fieldValue, [...path, name], problems);
    }
    return;
  }
  if (isScalarType(type)) {
    const check = Object.hasOwn(CHECKS, type.name) ? CHECKS[type.name] : undefined;
    if (check && !check.valid(value)) problems.push({ path, explanation: check.explain(value) });
  }
}

export function checkCustomScalarVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    const name = definition.variable.name.value;
    if (!type || !isInputType(type) || !Object.hasOwn(variables, name)) continue;
    const problems: Problem[] = [];
    walk(type, variables[name], [], problems);
    if (problems.length === 0) continue;
    const [first] = problems;
    const where = first && first.path.length > 0 ? ` for ${first.path.join('.')}` : '';
    errors.push(
      new GraphQLError(
        `Variable $${name} of type ${String(type)} was provided invalid value${where} (${first?.explanation})`,
        {
          nodes: definition,
          extensions: { code: 'INVALID_VARIABLE', value: variables[name], problems },
        },
      ),
    );
  }
  return errors;
}
