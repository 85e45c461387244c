import { existsSync } from 'node:fs';
import path from 'node:path';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminSchemaFile, loadAdminSchema } from './schema';

describe('loadAdminSchema', () => {
  it('builds the vendored Admin 2026-10 schema once, with its licence beside it', () => {
    const schema = loadAdminSchema();
    expect(loadAdminSchema()).toBe(schema);
    expect(existsSync(path.join(path.dirname(adminSchemaFile()), 'LICENSE.dev-mcp.txt'))).toBe(true);
    const draftOrder = schema.getType('DraftOrder');
    expect(isObjectType(draftOrder) && Object.keys(draftOrder.getFields())).toEqual(
      expect.arrayContaining(['note2', 'invoiceUrl', 'status']),
    );
    expect(schema.getMutationType()?.getFields().productVariantsBulkUpdate).toBeDefined();
  });
});
