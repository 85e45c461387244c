import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/errors';
import {
  categoryHasItemsMessage,
  deleteFaqCategoryResponseSchema,
  FAQ_MESSAGES,
  faqCategoryListSchema,
  faqCategorySchema,
  faqItemListSchema,
  faqItemSchema,
} from '../../../shared/schemas/faq';
import { auditLog, faqCategories, faqItems, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from './admin-faq-test-support';
import { signInAdmin } from '../../test/factories/sign-in';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!row) throw new Error('no seeded admin');
  adminId = row.id;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, admin, method, url, payload);

async function createCategory(body: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/admin/faq/categories', {
    title: 'Category',
    displayOrder: 10,
    isActive: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return faqCategorySchema.parse(response.json());
}

async function createItem(categoryId: number, body: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/admin/faq/items', {
    categoryId,
    question: 'A question?',
    answer: 'An answer.',
    displayOrder: 0,
    isActive: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return faqItemSchema.parse(response.json());
}

/** The newest audit row for an entity. */
async function lastAudit(entityType: string, entityId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

function expectError(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(errorBodySchema.parse(response.json()).message).toBe(message);
}

describe('FAQ categories (admin)', () => {
  it('lists every category, inactive ones included, sorted by displayOrder then id', async () => {
    const inactive = await createCategory({ title: 'Retired', displayOrder: 0, isActive: false });
    const response = await send('GET', '/api/admin/faq/categories');
    expect(response.statusCode).toBe(200);
    const list = faqCategoryListSchema.parse(response.json());
    expect(list.find((category) => category.id === inactive.id)?.isActive).toBe(false);
    const keys = list.map((category) => [category.displayOrder, category.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    // Seeded 'Ordering' (order 0) was made first, so it precedes the new category of the same order.
    expect(list[0]?.title).toBe('Ordering');
    expect(list[1]?.id).toBe(inactive.id);
  });

  it('creates a category with its title trimmed, active by default, and audits it', async () => {
    const response = await send('POST', '/api/admin/faq/categories', {
      title: '  Returns  ',
      displayOrder: 7,
    });
    expect(response.statusCode).toBe(201);
    const created = faqCategorySchema.parse(response.json());
    expect(created).toMatchObject({ title: 'Returns', displayOrder: 7, isActive: true });

    const [stored] = await t.db.select().from(faqCategories).where(eq(faqCategories.id, created.id));
    expect(stored).toMatchObject({ title: 'Returns', displayOrder: 7, isActive: true });
    const audit = await lastAudit('faq_category', created.id);
    expect(audit).toMatchObject({ action: 'faq-category.create', actorUserId: adminId, before: null });
    expect(audit?.after).toEqual(created);
  });

  it('defaults a missing display order to 0', async () => {
    const response = await send('POST', '/api/admin/faq/categories', { title: 'No order' });
    expect(response.statusCode).toBe(201);
    expect(faqCategorySchema.parse(response.json()).displayOrder).toBe(0);
  });

  it.each([
    [{ displayOrder: 1 }, FAQ_MESSAGES.titleRequired],
    [{ title: '', displayOrder: 1 }, FAQ_MESSAGES.titleRequired],
    [{ title: '    ', displayOrder: 1 }, FAQ_MESSAGES.titleRequired],
    [{ title: 42, displayOrder: 1 }, FAQ_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(201), displayOrder: 1 }, FAQ_MESSAGES.titleTooLong],
    [{ title: 'Ok', displayOrder: 1.5 }, FAQ_MESSAGES.displayOrder],
    [{ title: 'Ok', displayOrder: '3' }, FAQ_MESSAGES.displayOrder],
    [{ title: 'Ok', displayOrder: null }, FAQ_MESSAGES.displayOrder],
    [{ title: 'Ok', displayOrder: 1_000_001 }, FAQ_MESSAGES.displayOrderRange],
    [{ title: 'Ok', displayOrder: -1_000_001 }, FAQ_MESSAGES.displayOrderRange],
    [{ title: 'Ok', displayOrder: 1, isActive: 'yes' }, FAQ_MESSAGES.isActive],
  ])('refuses the category %j with %j and stores nothing', async (body, message) => {
    const before = (await t.db.select().from(faqCategories)).length;
    expectError(await send('POST', '/api/admin/faq/categories', body), 400, message);
    const id = (await t.db.select().from(faqCategories)).at(-1)?.id ?? 0;
    expectError(await send('PUT', `/api/admin/faq/categories/${id}`, body), 400, message);
    expect((await t.db.select().from(faqCategories)).length).toBe(before);
  });

  it('updates a category, keeping isActive when the body leaves it out, and audits before and after', async () => {
    const category = await createCategory({ title: 'Old', displayOrder: 3, isActive: false });
    const response = await send('PUT', `/api/admin/faq/categories/${category.id}`, {
      title: ' New ',
      displayOrder: 4,
    });
    expect(response.statusCode).toBe(200);
    const updated = faqCategorySchema.parse(response.json());
    expect(updated).toMatchObject({ id: category.id, title: 'New', displayOrder: 4, isActive: false });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(category.updatedAt));
    expect(updated.createdAt).toBe(category.createdAt);

    const audit = await lastAudit('faq_category', category.id);
    expect(audit).toMatchObject({ action: 'faq-category.update', actorUserId: adminId });
    expect(audit?.before).toEqual(category);
    expect(audit?.after).toEqual(updated);

    const activated = await send('PUT', `/api/admin/faq/categories/${category.id}`, {
      title: 'New',
      displayOrder: 4,
      isActive: true,
    });
    expect(faqCategorySchema.parse(activated.json()).isActive).toBe(true);
  });

  it('answers 404 for an unknown category on update and delete, 400 for a malformed id', async () => {
    const body = { title: 'Ghost', displayOrder: 0, isActive: true };
    expectError(
      await send('PUT', '/api/admin/faq/categories/999999', body),
      404,
      FAQ_MESSAGES.categoryNotFound,
    );
    expectError(await send('DELETE', '/api/admin/faq/categories/999999'), 404, FAQ_MESSAGES.categoryNotFound);
    expect((await send('DELETE', '/api/admin/faq/categories/abc')).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/faq/categories/0', body)).statusCode).toBe(400);
  });

  it('deletes an empty category and audits it', async () => {
    const category = await createCategory({ title: 'Empty' });
    const response = await send('DELETE', `/api/admin/faq/categories/${category.id}`);
    expect(response.statusCode).toBe(200);
    expect(deleteFaqCategoryResponseSchema.parse(response.json())).toMatchObject({
      id: category.id,
      deletedItems: 0,
    });
    expect(await t.db.select().from(faqCategories).where(eq(faqCategories.id, category.id))).toEqual([]);
    const audit = await lastAudit('faq_category', category.id);
    expect(audit).toMatchObject({ action: 'faq-category.delete', after: null });
    expect(audit?.before).toEqual({ ...category, items: [] });
  });

  it('refuses to delete a category that still holds items, saying how many, and changes nothing', async () => {
    const category = await createCategory({ title: 'Full' });
    await createItem(category.id, { question: 'One?' });
    await createItem(category.id, { question: 'Two?' });
    const response = await send('DELETE', `/api/admin/faq/categories/${category.id}`);
    expectError(response, 409, categoryHasItemsMessage(2));
    expect(errorBodySchema.parse(response.json())).toMatchObject({
      code: 'CONFLICT',
      details: { itemCount: 2 },
    });
    expect(categoryHasItemsMessage(2)).toContain('2 FAQ items');
    expect(categoryHasItemsMessage(1)).toContain('1 FAQ item.');

    expect(await t.db.select().from(faqCategories).where(eq(faqCategories.id, category.id))).toHaveLength(1);
    expect(await t.db.select().from(faqItems).where(eq(faqItems.categoryId, category.id))).toHaveLength(2);
    expect(
      (await send('DELETE', `/api/admin/faq/categories/${category.id}?deleteItems=false`)).statusCode,
    ).toBe(409);
  });

  it('deletes a category together with its items when asked to, in one audited step', async () => {
    const category = await createCategory({ title: 'Going' });
    const first = await createItem(category.id, { question: 'One?' });
    const second = await createItem(category.id, { question: 'Two?' });
    const response = await send('DELETE', `/api/admin/faq/categories/${category.id}?deleteItems=true`);
    expect(response.statusCode).toBe(200);
    expect(deleteFaqCategoryResponseSchema.parse(response.json())).toMatchObject({
      id: category.id,
      deletedItems: 2,
    });
    expect(await t.db.select().from(faqCategories).where(eq(faqCategories.id, category.id))).toEqual([]);
    expect(await t.db.select().from(faqItems).where(eq(faqItems.categoryId, category.id))).toEqual([]);
    const audit = await lastAudit('faq_category', category.id);
    expect(audit?.before).toEqual({ ...category, items: [first, second] });
  });

  it('refuses a deleteItems value other than true or false', async () => {
    const category = await createCategory({ title: 'Query' });
    const response = await send('DELETE', `/api/admin/faq/categories/${category.id}?deleteItems=yes`);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).message).toBe('deleteItems: must be true or false');
  });
});

describe('FAQ items (admin)', () => {
  let category: { id: number };
  let other: { id: number };

  beforeEach(async () => {
    category = await createCategory({ title: 'Items home' });
    other = await createCategory({ title: 'Items elsewhere' });
  });

  it('lists all items, or one category’s, inactive ones included, sorted by displayOrder then id', async () => {
    const late = await createItem(category.id, { question: 'Late?', displayOrder: 5 });
    const hidden = await createItem(category.id, { question: 'Hidden?', displayOrder: 1, isActive: false });
    const tie = await createItem(category.id, { question: 'Tie?', displayOrder: 5 });
    const elsewhere = await createItem(other.id, { question: 'Elsewhere?' });

    const filtered = await send('GET', `/api/admin/faq/items?categoryId=${category.id}`);
    expect(filtered.statusCode).toBe(200);
    expect(faqItemListSchema.parse(filtered.json()).map((item) => item.id)).toEqual([
      hidden.id,
      late.id,
      tie.id,
    ]);

    const all = faqItemListSchema.parse((await send('GET', '/api/admin/faq/items')).json());
    expect(all.map((item) => item.id)).toEqual(
      expect.arrayContaining([late.id, hidden.id, tie.id, elsewhere.id]),
    );
    const seededCount = (await t.db.select().from(faqItems)).length;
    expect(all).toHaveLength(seededCount);
    const blank = faqItemListSchema.parse((await send('GET', '/api/admin/faq/items?categoryId=')).json());
    expect(blank).toHaveLength(seededCount);
  });

  it('answers 404 for an unknown category filter and 400 for a malformed one', async () => {
    expectError(
      await send('GET', '/api/admin/faq/items?categoryId=999999'),
      404,
      FAQ_MESSAGES.categoryNotFound,
    );
    const response = await send('GET', '/api/admin/faq/items?categoryId=abc');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).message).toBe('categoryId: must be a number');
  });

  it('creates an item with trimmed text, active by default, and audits it', async () => {
    const response = await send('POST', '/api/admin/faq/items', {
      categoryId: category.id,
      question: '  Do you ship abroad?  ',
      answer: '\n  Not yet.\n',
      displayOrder: 2,
    });
    expect(response.statusCode).toBe(201);
    const created = faqItemSchema.parse(response.json());
    expect(created).toMatchObject({
      categoryId: category.id,
      question: 'Do you ship abroad?',
      answer: 'Not yet.',
      displayOrder: 2,
      isActive: true,
    });
    const audit = await lastAudit('faq_item', created.id);
    expect(audit).toMatchObject({ action: 'faq-item.create', actorUserId: adminId, before: null });
    expect(audit?.after).toEqual(created);
  });

  it('accepts an answer of exactly 5000 characters', async () => {
    const item = await createItem(category.id, { answer: 'a'.repeat(5000) });
    expect(item.answer).toHaveLength(5000);
  });

  it.each([
    [{ question: 'Q?', answer: 'A' }, FAQ_MESSAGES.category],
    [{ categoryId: 'one', question: 'Q?', answer: 'A' }, FAQ_MESSAGES.category],
    [{ categoryId: 0, question: 'Q?', answer: 'A' }, FAQ_MESSAGES.category],
    [{ categoryId: 1.5, question: 'Q?', answer: 'A' }, FAQ_MESSAGES.category],
    [{ categoryId: 1, answer: 'A' }, FAQ_MESSAGES.questionRequired],
    [{ categoryId: 1, question: '  ', answer: 'A' }, FAQ_MESSAGES.questionRequired],
    [{ categoryId: 1, question: 'q'.repeat(501), answer: 'A' }, FAQ_MESSAGES.questionTooLong],
    [{ categoryId: 1, question: 'Q?' }, FAQ_MESSAGES.answerRequired],
    [{ categoryId: 1, question: 'Q?', answer: ' \n ' }, FAQ_MESSAGES.answerRequired],
    [{ categoryId: 1, question: 'Q?', answer: 'a'.repeat(5001) }, FAQ_MESSAGES.answerTooLong],
    [{ categoryId: 1, question: 'Q?', answer: 'A', displayOrder: 'first' }, FAQ_MESSAGES.displayOrder],
    [{ categoryId: 1, question: 'Q?', answer: 'A', displayOrder: 2.5 }, FAQ_MESSAGES.displayOrder],
    [
      { categoryId: 1, question: 'Q?', answer: 'A', displayOrder: 10_000_000 },
      FAQ_MESSAGES.displayOrderRange,
    ],
    [{ categoryId: 1, question: 'Q?', answer: 'A', isActive: 1 }, FAQ_MESSAGES.isActive],
  ])('refuses the item %j with %j and stores nothing', async (body, message) => {
    const before = (await t.db.select().from(faqItems)).length;
    expectError(await send('POST', '/api/admin/faq/items', body), 400, message);
    const id = (await t.db.select().from(faqItems)).at(-1)?.id ?? 1;
    expectError(await send('PUT', `/api/admin/faq/items/${id}`, body), 400, message);
    expect((await t.db.select().from(faqItems)).length).toBe(before);
  });

  it('refuses an item in a category that does not exist with 422', async () => {
    const body = { categoryId: 999_999, question: 'Q?', answer: 'A', displayOrder: 0 };
    expectError(await send('POST', '/api/admin/faq/items', body), 422, FAQ_MESSAGES.unknownCategory);
    const item = await createItem(category.id);
    expectError(
      await send('PUT', `/api/admin/faq/items/${item.id}`, body),
      422,
      FAQ_MESSAGES.unknownCategory,
    );
    const [stored] = await t.db.select().from(faqItems).where(eq(faqItems.id, item.id));
    expect(stored?.categoryId).toBe(category.id);
  });

  it('updates an item, moving it to another category and keeping isActive when left out, and audits it', async () => {
    const item = await createItem(category.id, { isActive: false });
    const response = await send('PUT', `/api/admin/faq/items/${item.id}`, {
      categoryId: other.id,
      question: ' Moved? ',
      answer: 'Yes.',
      displayOrder: 9,
    });
    expect(response.statusCode).toBe(200);
    const updated = faqItemSchema.parse(response.json());
    expect(updated).toMatchObject({
      id: item.id,
      categoryId: other.id,
      question: 'Moved?',
      answer: 'Yes.',
      displayOrder: 9,
      isActive: false,
    });
    const audit = await lastAudit('faq_item', item.id);
    expect(audit).toMatchObject({ action: 'faq-item.update', actorUserId: adminId });
    expect(audit?.before).toEqual(item);
    expect(audit?.after).toEqual(updated);
  });

  it('deletes an item and audits it', async () => {
    const item = await createItem(category.id);
    const response = await send('DELETE', `/api/admin/faq/items/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: item.id });
    expect(await t.db.select().from(faqItems).where(eq(faqItems.id, item.id))).toEqual([]);
    const audit = await lastAudit('faq_item', item.id);
    expect(audit).toMatchObject({ action: 'faq-item.delete', after: null });
    expect(audit?.before).toEqual(item);
  });

  it('answers 404 for an unknown item on update and delete', async () => {
    const body = { categoryId: category.id, question: 'Q?', answer: 'A', displayOrder: 0 };
    expectError(await send('PUT', '/api/admin/faq/items/999999', body), 404, FAQ_MESSAGES.itemNotFound);
    expectError(await send('DELETE', '/api/admin/faq/items/999999'), 404, FAQ_MESSAGES.itemNotFound);
  });

  it('shows changes on the public FAQ at once', async () => {
    const item = await createItem(category.id, { question: 'Public now?' });
    const publicQuestions = async () =>
      faqItemListSchema.parse((await send('GET', '/api/faq/items')).json()).map((row) => row.question);
    expect(await publicQuestions()).toContain('Public now?');
    await send('PUT', `/api/admin/faq/categories/${category.id}`, {
      title: 'Items home',
      displayOrder: 0,
      isActive: false,
    });
    expect(await publicQuestions()).not.toContain('Public now?');
    expect(item.isActive).toBe(true);
  });
});

describe('an item added while its category is being deleted', () => {
  it('either lands before the deletion (which is then refused) or is refused itself, never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const category = await createCategory({ title: `Race ${round}` });
      const [added, deleted] = await Promise.all([
        send('POST', '/api/admin/faq/items', { categoryId: category.id, question: 'Q?', answer: 'A' }),
        send('DELETE', `/api/admin/faq/categories/${category.id}`),
      ]);
      const outcome = [added.statusCode, deleted.statusCode];
      expect([
        [201, 409],
        [422, 200],
      ]).toContainEqual(outcome);
      const left = await t.db.select().from(faqItems).where(eq(faqItems.categoryId, category.id));
      expect(left).toHaveLength(added.statusCode === 201 ? 1 : 0);
    }
  });
});

describe('an item edited while its category is deleted with its items', () => {
  it('finishes both without a deadlock: the edit lands first, or finds its category gone', async () => {
    for (let round = 0; round < 5; round++) {
      const category = await createCategory({ title: `Edit race ${round}` });
      const item = await createItem(category.id);
      const [edited, deleted] = await Promise.all([
        send('PUT', `/api/admin/faq/items/${item.id}`, {
          categoryId: category.id,
          question: 'Q2?',
          answer: 'A',
        }),
        send('DELETE', `/api/admin/faq/categories/${category.id}?deleteItems=true`),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect([200, 422]).toContain(edited.statusCode);
      expect(await t.db.select().from(faqItems).where(eq(faqItems.id, item.id))).toEqual([]);
    }
  });
});

describe('the FAQ routes and the administrator check', () => {
  it('changes nothing for a signed-out visitor', async () => {
    const before = (await t.db.select().from(faqCategories)).length;
    const response = await call(t.app, undefined, 'POST', '/api/admin/faq/categories', {
      title: 'Sneaky',
      displayOrder: 0,
    });
    expect(response.statusCode).toBe(401);
    expect((await t.db.select().from(faqCategories)).length).toBe(before);
  });
});
