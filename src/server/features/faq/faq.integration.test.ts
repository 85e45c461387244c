import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategoryListSchema, faqItemListSchema } from '../../../shared/schemas/faq';
import { SEED_FAQ } from '../../db/seed-data';
import { faqCategories, faqItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories/users';
import { signIn } from '../../test/factories/sign-in';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await createUser(t.db);
  cookie = await signIn(t.app, t.db, customer.email);
});
afterAll(() => t.close());

const read = (url: string) => t.app.inject({ url, headers: { cookie } });
const categories = async () => faqCategoryListSchema.parse((await read('/api/faq/categories')).json());
const items = async () => faqItemListSchema.parse((await read('/api/faq/items')).json());

describe('the FAQ of the support page (GET /api/faq/categories, GET /api/faq/items)', () => {
  it('answers a signed-in customer with the seeded FAQ in display order, and a visitor with 401', async () => {
    const response = await read('/api/faq/categories');
    expect(response.statusCode).toBe(200);
    const list = faqCategoryListSchema.parse(response.json());
    expect(list.map((category) => category.title)).toEqual(SEED_FAQ.map((category) => category.title));
    expect(list.every((category) => category.isActive)).toBe(true);

    for (const url of ['/api/faq/categories', '/api/faq/items']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }

    const seededItems = SEED_FAQ.reduce((sum, category) => sum + category.items.length, 0);
    expect(await items()).toHaveLength(seededItems);
  });

  it('filters by category with the same rule as the admin list: a malformed categoryId is refused', async () => {
    const [first] = await categories();
    if (!first) throw new Error('expected a seeded category');
    const filtered = faqItemListSchema.parse((await read(`/api/faq/items?categoryId=${first.id}`)).json());
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((item) => item.categoryId === first.id)).toBe(true);
    expect(faqItemListSchema.parse((await read('/api/faq/items?categoryId=')).json()).length).toBeGreaterThan(
      filtered.length,
    );
    for (const bad of ['abc', '1.5', '-1', '0x10', '99999999999']) {
      const response = await read(`/api/faq/items?categoryId=${bad}`);
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('sorts by displayOrder, then id', async () => {
    const [a, b, c] = await t.db
      .insert(faqCategories)
      .values([
        { title: 'Sort B', displayOrder: 50 },
        { title: 'Sort A', displayOrder: 50 },
        { title: 'Sort first', displayOrder: -5 },
      ])
      .returning();
    if (!a || !b || !c) throw new Error('categories not created');
    await t.db.insert(faqItems).values([
      { categoryId: a.id, question: 'Q late', answer: 'A', displayOrder: 90 },
      { categoryId: a.id, question: 'Q tie 1', answer: 'A', displayOrder: 80 },
      { categoryId: b.id, question: 'Q tie 2', answer: 'A', displayOrder: 80 },
    ]);

    const titles = (await categories()).map((category) => category.title);
    expect(titles[0]).toBe('Sort first');
    expect(titles.slice(-2)).toEqual(['Sort B', 'Sort A']);
    const questions = (await items()).map((item) => item.question);
    expect(questions.slice(-3)).toEqual(['Q tie 1', 'Q tie 2', 'Q late']);

    await t.db.delete(faqItems).where(eq(faqItems.categoryId, a.id));
    await t.db.delete(faqItems).where(eq(faqItems.categoryId, b.id));
    await t.db.delete(faqCategories).where(eq(faqCategories.id, a.id));
    await t.db.delete(faqCategories).where(eq(faqCategories.id, b.id));
    await t.db.delete(faqCategories).where(eq(faqCategories.id, c.id));
  });

  it('hides inactive categories, their items, and inactive items', async () => {
    const [visible, hidden] = await t.db
      .insert(faqCategories)
      .values([
        { title: 'Visible', displayOrder: 100 },
        { title: 'Hidden', displayOrder: 101, isActive: false },
      ])
      .returning();
    if (!visible || !hidden) throw new Error('categories not created');
    await t.db.insert(faqItems).values([
      { categoryId: visible.id, question: 'Shown question', answer: 'A' },
      { categoryId: visible.id, question: 'Switched-off question', answer: 'A', isActive: false },
      { categoryId: hidden.id, question: 'Question of a hidden category', answer: 'A' },
    ]);

    const titles = (await categories()).map((category) => category.title);
    expect(titles).toContain('Visible');
    expect(titles).not.toContain('Hidden');
    const questions = (await items()).map((item) => item.question);
    expect(questions).toContain('Shown question');
    expect(questions).not.toContain('Switched-off question');
    expect(questions).not.toContain('Question of a hidden category');
    expect((await items()).every((item) => item.isActive)).toBe(true);
  });
});
