import type { UserError } from './catalogue';
import type { FakeStore } from './store';

/**
 * Variant metafields as ProductVariantsBulkInput.metafields writes them and ProductVariant.metafield reads them
 * (Admin 2026-10 MetafieldInput): identified by namespace and key; namespace and key are needed to create one,
 * and so is the type when no definition exists (the fake has none); the value is always a string, checked
 * against the type for the types the portal uses.
 */
export interface FakeMetafield {
  id: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: number;
  updatedAt: number;
}

export interface MetafieldInput {
  namespace?: string | null;
  key?: string | null;
  type?: string | null;
  value?: string | null;
}

/** `$app` stands for the app-reserved namespace used when a read omits the namespace. */
const APP_NAMESPACE = '$app';
const NAMESPACE = /^[A-Za-z0-9_$-]{3,255}$/;
const KEY = /^[A-Za-z0-9_-]{2,64}$/;

/** A value the type cannot hold, or null when it fits (only the types with simple rules are checked). */
function valueProblem(type: string, value: string): string | null {
  if (type === 'boolean' && value !== 'true' && value !== 'false') return 'Value must be true or false.';
  if (type === 'number_integer' && !/^-?\d+$/.test(value)) return 'Value must be an integer.';
  return null;
}

/** The userErrors for a variant's metafield inputs; `field` is the path of the variant's input. */
export function metafieldInputErrors(
  existing: FakeMetafield[],
  inputs: MetafieldInput[],
  field: string[],
): UserError[] {
  const errors: UserError[] = [];
  inputs.forEach((input, index) => {
    const at = (name: string) => [...field, 'metafields', String(index), name];
    const fail = (name: string, message: string, code = 'INVALID_INPUT') =>
      errors.push({ field: at(name), message, code });
    const namespace = input.namespace ?? APP_NAMESPACE;
    if (!input.key) return fail('key', "Key can't be blank", 'BLANK');
    if (!KEY.test(input.key)) return fail('key', 'Key must be 2-64 letters, digits, hyphens or underscores');
    if (!NAMESPACE.test(namespace)) {
      return fail('namespace', 'Namespace must be 3-255 letters, digits, hyphens or underscores');
    }
    const current = existing.find(
      (metafield) => metafield.namespace === namespace && metafield.key === input.key,
    );
    const type = input.type ?? current?.type;
    if (!type) return fail('type', "Type can't be blank", 'BLANK');
    if (current && input.type && input.type !== current.type) {
      return fail('type', `Type can't be changed from ${current.type}`);
    }
    if (input.value == null) return fail('value', "Value can't be blank", 'BLANK');
    const problem = valueProblem(type, input.value);
    if (problem) fail('value', problem, 'INVALID_VALUE');
  });
  return errors;
}

/** Creates or updates each metafield (inputs already checked by metafieldInputErrors). */
export function applyMetafieldInputs(
  store: FakeStore,
  metafields: FakeMetafield[],
  inputs: MetafieldInput[],
) {
  const now = store.now();
  for (const input of inputs) {
    const namespace = input.namespace ?? APP_NAMESPACE;
    const current = metafields.find(
      (metafield) => metafield.namespace === namespace && metafield.key === input.key,
    );
    if (current) {
      current.value = input.value ?? current.value;
      current.updatedAt = now;
      continue;
    }
    metafields.push({
      id: store.nextId('metafield'),
      namespace,
      key: input.key ?? '',
      type: input.type ?? '',
      value: input.value ?? '',
      createdAt: now,
      updatedAt: now,
    });
  }
}

/** `metafield(namespace:, key:)`: the namespace defaults to the app's reserved one. */
export function findMetafield(
  metafields: FakeMetafield[],
  args: { namespace?: string | null; key: string },
): FakeMetafield | null {
  const namespace = args.namespace ?? APP_NAMESPACE;
  return (
    metafields.find((metafield) => metafield.namespace === namespace && metafield.key === args.key) ?? null
  );
}
