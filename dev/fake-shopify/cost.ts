import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isLeafType,
  isObjectType,
  isInterfaceType,
  Kind,
  OperationTypeNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Query cost as Shopify's published rules estimate it (docs/shopify.md#query-cost), a deliberate upper bound:
 * scalars and enums 0, objects 1, a connection 2 + first × (1 + the node's cost), PageInfo free, an abstract
 * type the most expensive of its possible types, each mutation field 10.
 */

export const MUTATION_COST = 10;
/**
 * A single query may not request more than this (docs/shopify.md#answers-and-errors,
 * docs/shopify.md#query-cost).
 */
export const MAX_QUERY_COST = 1000;

type Variables = Record<string, unknown>;

interface CostContext {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Variables;
}

function argumentNumber(field: FieldNode, name: string, variables: Variables): number | undefined {
  const argument = field.arguments?.find((candidate) => candidate.name.value === name);
  if (!argument) return undefined;
  return numberOf(argument.value, variables);
}

function numberOf(value: ValueNode, variables: Variables): number | undefined {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const variable = variables[value.name.value];
    return typeof variable === 'number' ? variable : undefined;
  }
  return undefined;
}

function fieldsOf(type: GraphQLCompositeType): Record<string, GraphQLField<unknown, unknown>> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields() : undefined;
}

function selectionCost(
  context: CostContext,
  parent: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition
        ? context.schema.getType(selection.typeCondition.name.value)
        : parent;
      if (type && isCompositeType(type)) total += selectionCost(context, type, selection.selectionSet);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = context.fragments.get(selection.name.value);
      const type = fragment ? context.schema.getType(fragment.typeCondition.name.value) : undefined;
      if (fragment && type && isCompositeType(type))
        total += selectionCost(context, type, fragment.selectionSet);
      continue;
    }
    if (selection.name.value === '__typename') continue;
    const field = fieldsOf(parent)?.[selection.name.value];
    if (field) {
      total += fieldCost(context, field, selection);
    } else if (isAbstractType(parent)) {
      const costs = context.schema.getPossibleTypes(parent).map((type) => {
        const candidate = type.getFields()[selection.name.value];
        return candidate ? fieldCost(context, candidate, selection) : 0;
      });
      total += Math.max(0, ...costs);
    }
  }
  return total;
}

function fieldCost(context: CostContext, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  const type = getNamedType(field.type);
  if (isLeafType(type) || type.name === 'PageInfo') return 0;
  if (!isCompositeType(type)) return 0;
  if (type.name.endsWith('Connection') && node.selectionSet) {
    const size =
      argumentNumber(node, 'first', context.variables) ??
      argumentNumber(node, 'last', context.variables) ??
      0;
    const connectionFields = fieldsOf(type) ?? {};
    let perNode = 0;
    for (const selection of node.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
      const connectionField = connectionFields[selection.name.value];
      if (!connectionField) continue;
      if (selection.name.value === 'nodes') {
        const nodeType = getNamedType(connectionField.type);
        if (isCompositeType(nodeType)) {
          perNode = Math.max(perNode, 1 + selectionCost(context, nodeType, selection.selectionSet));
        }
      } else if (selection.name.value === 'edges') {
        const edgeType = getNamedType(connectionField.type);
        const nodeField = isCompositeType(edgeType) ? fieldsOf(edgeType)?.node : undefined;
        const nodeSelection = selection.selectionSet.selections.find(
          (candidate): candidate is FieldNode =>
            candidate.kind === Kind.FIELD && candidate.name.value === 'node',
        );
        const nodeType = nodeField ? getNamedType(nodeField.type) : undefined;
        if (nodeSelection?.selectionSet && nodeType && isCompositeType(nodeType)) {
          perNode = Math.max(perNode, 1 + selectionCost(context, nodeType, nodeSelection.selectionSet));
        }
      }
    }
    return 2 + size * perNode;
  }
  return 1 + (node.selectionSet ? selectionCost(context, type, node.selectionSet) : 0);
}

export function estimateQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Variables,
): number {
  if (operation.operation === OperationTypeNode.MUTATION) {
    const fields = operation.selectionSet.selections.filter(
      (selection) => selection.kind !== Kind.FIELD || selection.name.value !== '__typename',
    );
    return MUTATION_COST * Math.max(1, fields.length);
  }
  const root =
    operation.operation === OperationTypeNode.QUERY ? schema.getQueryType() : schema.getSubscriptionType();
  if (!root) return 0;
  const context: CostContext = {
    schema,
    fragments: new Map(fragments.map((fragment) => [fragment.name.value, fragment])),
    variables,
  };
  return selectionCost(context, root, operation.selectionSet);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The response's value for a selected field: under its alias when it has one. */
const responseKey = (field: FieldNode) => field.alias?.value ?? field.name.value;

function actualSelectionCost(
  context: CostContext,
  parent: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  value: Record<string, unknown>,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : context.fragments.get(selection.name.value);
      const typeName = fragment?.typeCondition?.name.value;
      const type = typeName ? context.schema.getType(typeName) : parent;
      if (fragment && type && isCompositeType(type)) {
        total += actualSelectionCost(context, type, fragment.selectionSet, value);
      }
      continue;
    }
    if (selection.name.value === '__typename') continue;
    const field =
      fieldsOf(parent)?.[selection.name.value] ??
      (isAbstractType(parent)
        ? context.schema
            .getPossibleTypes(parent)
            .map((type) => type.getFields()[selection.name.value])
            .find(Boolean)
        : undefined);
    if (field) total += actualFieldCost(context, field, selection, value[responseKey(selection)]);
  }
  return total;
}

function actualFieldCost(
  context: CostContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  value: unknown,
): number {
  const type = getNamedType(field.type);
  if (isLeafType(type) || type.name === 'PageInfo' || !isCompositeType(type) || !node.selectionSet) return 0;
  if (type.name.endsWith('Connection')) {
    let cost = 0;
    if (isRecord(value)) {
      const connectionFields = fieldsOf(type) ?? {};
      for (const selection of node.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
        const items = value[responseKey(selection)];
        const connectionField = connectionFields[selection.name.value];
        if (!Array.isArray(items) || !connectionField) continue;
        const itemType = getNamedType(connectionField.type);
        if (!isCompositeType(itemType)) continue;
        const itemSelection = selection.selectionSet;
        const sum = items.reduce<number>(
          (acc, item) =>
            acc + 1 + (isRecord(item) ? actualSelectionCost(context, itemType, itemSelection, item) : 0),
          0,
        );
        cost = Math.max(cost, sum);
      }
    }
    return 2 + cost;
  }
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return 1 + (isRecord(first) ? actualSelectionCost(context, type, node.selectionSet, first) : 0);
}

/**
 * The cost of what was actually returned (connections by the items they hold, not by `first`): the bucket is
 * refunded requested − actual, as on the real API (docs/shopify.md#query-cost). Never more than requested.
 */
export function actualQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Variables,
  data: Record<string, unknown> | null | undefined,
): number {
  const requested = estimateQueryCost(schema, operation, fragments, variables);
  if (operation.operation !== OperationTypeNode.QUERY || !data) return requested;
  const root = schema.getQueryType();
  if (!root) return requested;
  const context: CostContext = {
    schema,
    fragments: new Map(fragments.map((fragment) => [fragment.name.value, fragment])),
    variables,
  };
  return Math.min(requested, actualSelectionCost(context, root, operation.selectionSet, data));
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface BucketSettings {
  maximumAvailable: number;
  /** Points per second. */
  restoreRate: number;
}

/**
 * The per-app-and-shop leaky bucket (docs/shopify.md#query-cost): a query must find its requested cost in the
 * bucket, which refills at `restoreRate` points per second up to `maximumAvailable`; afterwards the
 * difference between requested and actual cost is refunded.
 */
export interface LeakyBucket {
  /** Takes `cost` points, or returns false (THROTTLED) and takes nothing. */
  take(cost: number): boolean;
  refund(points: number): void;
  /** Empties the bucket, as if another app had spent it (forced THROTTLED). */
  drain(): void;
  configure(settings: Partial<BucketSettings & { currentlyAvailable: number }>): void;
  status(): ThrottleStatus;
}

export function createLeakyBucket(settings: BucketSettings, now: () => number): LeakyBucket {
  let { maximumAvailable, restoreRate } = settings;
  let available = maximumAvailable;
  let updatedAt = now();

  const refill = () => {
    const at = now();
    const elapsedSeconds = Math.max(0, at - updatedAt) / 1000;
    available = Math.min(maximumAvailable, available + elapsedSeconds * restoreRate);
    updatedAt = at;
  };

  return {
    take(cost) {
      refill();
      if (cost > available) return false;
      available -= cost;
      return true;
    },
    refund(points) {
      refill();
      available = Math.min(maximumAvailable, available + Math.max(0, points));
    },
    drain() {
      refill();
      available = 0;
    },
    configure(next) {
      refill();
      if (next.maximumAvailable !== undefined) maximumAvailable = next.maximumAvailable;
      if (next.restoreRate !== undefined) restoreRate = next.restoreRate;
      available = Math.min(maximumAvailable, next.currentlyAvailable ?? available);
    },
    status() {
      refill();
      return { maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate };
    },
  };
}
