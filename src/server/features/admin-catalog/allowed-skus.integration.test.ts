import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowedSkuListSchema, allowedSkuSchema } from '../../../shared/schemas/admin-catalog';
import { allowedSkus, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, storefrontSkus } from './admin-catalog-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { signInAdmin } from '../../test/factories/sign-in';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});

afterAll(() => t.close());

async function listAllowedSkus() {
  const response = await send(t.app, 'GET', '/api/admin/allowed-skus', { cookie: admin });
  expect(response.statusCode).toBe(200);
  return allowedSkuListSchema.parse(response.json());
}

async function addSku(payload: unknown) {
  return send(t.app, 'POST', '/api/admin/allowed-skus', { cookie: admin, payload });
}

describe('GET /api/admin/allowed-skus', () => {
  it('lists the seeded allowed SKUs by SKU with notes, state and timestamps', async () => {
    const list = await listAllowedSkus();
    expect(list.map((row) => row.sku)).toEqual([
      '800-0001',
      '800-0002',
      '800-0003',
      '800-0004',
      'SPLIT-PACK-01',
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      sku: '800-0001',
      notes: '4 oz bottle',
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('POST /api/admin/allowed-skus', () => {
  it('adds a trimmed SKU with trimmed notes, audits it, and answers 201 with the new row', async () => {
    const response = await addSku({ sku: '  NEW-SKU-1  ', notes: '  A new scent  ' });
    expect(response.statusCode).toBe(201);
    const created = allowedSkuSchema.parse(response.json());
    expect(created).toMatchObject({ sku: 'NEW-SKU-1', notes: 'A new scent', isActive: true });
    expect((await listAllowedSkus()).map((row) => row.sku)).toContain('NEW-SKU-1');

    const entry = (await auditRowsOf(t.db, { entityType: 'allowed_sku', entityId: created.id })).at(-1);
    expect(entry).toMatchObject({ action: 'allowed-sku.create', before: null });
    expect(entry?.after).toMatchObject({ sku: 'NEW-SKU-1', notes: 'A new scent' });
    expect(entry?.actorUserId).toEqual(expect.any(Number));
  });

  it('stores missing or blank notes as null', async () => {
    const withoutNotes = allowedSkuSchema.parse((await addSku({ sku: 'NO-NOTES-1' })).json());
    expect(withoutNotes.notes).toBeNull();
    const blankNotes = allowedSkuSchema.parse((await addSku({ sku: 'NO-NOTES-2', notes: '   ' })).json());
    expect(blankNotes.notes).toBeNull();
  });

  it.each([
    ['an empty SKU', { sku: '', notes: 'x' }],
    ['a SKU of spaces', { sku: '    ', notes: 'x' }],
    ['no SKU at all', { notes: 'x' }],
  ])('refuses %s with "SKU cannot be empty"', async (_case, payload) => {
    const response = await addSku(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'SKU cannot be empty' });
  });

  it('refuses over-long SKUs and notes, naming the field', async () => {
    const longSku = await addSku({ sku: 'X'.repeat(101) });
    expect(longSku.statusCode).toBe(400);
    expect(longSku.json().message).toBe('sku: must be at most 100 characters');
    const longNotes = await addSku({ sku: 'LONG-NOTES', notes: 'n'.repeat(501) });
    expect(longNotes.statusCode).toBe(400);
    expect(longNotes.json().message).toBe('notes: must be at most 500 characters');
  });

  it('answers 409 "This SKU is already on the list" for a SKU that is there, also after trimming', async () => {
    const response = await addSku({ sku: ' 800-0001 ', notes: 'again' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: 'This SKU is already on the list' });
    const rows = await t.db.select().from(allowedSkus).where(eq(allowedSkus.sku, '800-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.notes).toBe('4 oz bottle');
  });

  it('adds one row when the same SKU is sent twice at once', async () => {
    const [first, second] = await Promise.all([addSku({ sku: 'RACE-1' }), addSku({ sku: 'RACE-1' })]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(allowedSkus).where(eq(allowedSkus.sku, 'RACE-1'))).toHaveLength(1);
  });

  it('shows a product on the storefront as soon as its SKU is allowed', async () => {
    await t.db
      .insert(products)
      .values({ name: 'Rose Mist', sku: 'ROSE-01', price: 2000, wholesalePrice: 900 });
    expect(await storefrontSkus(t.app)).not.toContain('ROSE-01');
    expect((await addSku({ sku: 'ROSE-01', notes: 'Rose' })).statusCode).toBe(201);
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).toContain('ROSE-01'));
  });
});

describe('PATCH /api/admin/allowed-skus/{id}', () => {
  const idOf = async (sku: string) => {
    const row = (await listAllowedSkus()).find((candidate) => candidate.sku === sku);
    if (!row) throw new Error(`no allowed SKU ${sku}`);
    return row.id;
  };

  it('deactivates and reactivates a SKU, hiding and showing its product on the storefront, with audit entries', async () => {
    const id = await idOf('800-0002');
    const off = await send(t.app, 'PATCH', `/api/admin/allowed-skus/${id}`, {
      cookie: admin,
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(allowedSkuSchema.parse(off.json())).toMatchObject({ id, sku: '800-0002', isActive: false });
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).not.toContain('800-0002'));

    const on = await send(t.app, 'PATCH', `/api/admin/allowed-skus/${id}`, {
      cookie: admin,
      payload: { isActive: true },
    });
    expect(on.json()).toMatchObject({ isActive: true });
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).toContain('800-0002'));

    const entries = await auditRowsOf(t.db, { entityType: 'allowed_sku', entityId: id });
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['allowed-sku.update', { sku: '800-0002', isActive: true }, { sku: '800-0002', isActive: false }],
      ['allowed-sku.update', { sku: '800-0002', isActive: false }, { sku: '800-0002', isActive: true }],
    ]);
  });

  it('answers 404 for an unknown id and 400 for a body without isActive or a bad id', async () => {
    const unknown = await send(t.app, 'PATCH', '/api/admin/allowed-skus/999999', {
      cookie: admin,
      payload: { isActive: false },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'SKU not found' });

    const id = await idOf('800-0001');
    const noFlag = await send(t.app, 'PATCH', `/api/admin/allowed-skus/${id}`, {
      cookie: admin,
      payload: {},
    });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().message).toBe('isActive: must be true or false');

    const badId = await send(t.app, 'PATCH', '/api/admin/allowed-skus/abc', {
      cookie: admin,
      payload: { isActive: true },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/allowed-skus/{id}', () => {
  it('removes the SKU, audits what was removed, and the storefront stops showing its product', async () => {
    const id = (await listAllowedSkus()).find((row) => row.sku === 'SPLIT-PACK-01')?.id;
    expect(await storefrontSkus(t.app)).toContain('SPLIT-PACK-01');
    const response = await send(t.app, 'DELETE', `/api/admin/allowed-skus/${id}`, { cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'SPLIT-PACK-01 was removed from the allowed SKUs',
    });
    expect((await listAllowedSkus()).some((row) => row.sku === 'SPLIT-PACK-01')).toBe(false);
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).not.toContain('SPLIT-PACK-01'));

    const entry = (await auditRowsOf(t.db, { entityType: 'allowed_sku', entityId: id ?? 0 })).at(-1);
    expect(entry).toMatchObject({ action: 'allowed-sku.delete', after: null });
    expect(entry?.before).toMatchObject({ sku: 'SPLIT-PACK-01', notes: '50/50 split pack' });
  });

  it('answers 404 for an id that does not exist (or no longer does)', async () => {
    const response = await send(t.app, 'DELETE', '/api/admin/allowed-skus/999999', { cookie: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'SKU not found' });
  });
});
