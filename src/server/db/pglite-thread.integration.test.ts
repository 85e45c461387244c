import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

/** The embedded database on its own thread (ADR 0020), as the portal's Drizzle driver uses it. */
describe('PGlite on its own thread', () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await PgliteThread.start({ dataDir: null });
    await db.exec('create table notes (id int primary key, body text not null)');
  });
  afterAll(() => db.close());

  it('keeps the event loop free while a statement runs', async () => {
    const order: string[] = [];
    // A statement that holds its thread for 300 ms; the timer is due long before it ends.
    const query = db.query('select pg_sleep(0.3)').then(() => order.push('query'));
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 5),
    );
    await Promise.all([query, timer]);
    // In the portal's own thread the timer could only fire once the statement had returned.
    expect(order).toEqual(['timer', 'query']);
  });

  it("brings a PostgreSQL error's fields across (code, constraint), as the error handling reads them", async () => {
    await db.query('insert into notes values (1, $1)', ['first']);
    const error = await db.query('insert into notes values (1, $1)', ['again']).catch((caught) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
  });

  it('commits a transaction whose callback resolves and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes values (2, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from notes order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('makes a query from outside wait until the open transaction ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('update notes set body = $1 where id = 1', ['inside']);
      await held;
    });
    // Give the transaction time to start; the outside read must not see it half done.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ body: string }>('select body from notes where id = 1');
    release();
    await transaction;
    expect((await outside).rows[0]?.body).toBe('inside');
  });

  it('forwards notifications to every listener of the channel until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await db.listen('notes_changed', (payload) => heard.push(payload));
    await db.query("select pg_notify('notes_changed', 'one')");
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await db.query("select pg_notify('notes_changed', 'two')");
    await db.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('starts from a dumped data folder, and refuses work once closed', async () => {
    const copy = await PgliteThread.start({ dataDir: null, template: await db.dumpDataDir() });
    const { rows } = await copy.query<{ count: number }>('select count(*)::int as count from notes');
    expect(rows[0]?.count).toBe(2);
    await copy.close();
    await expect(copy.query('select 1')).rejects.toThrow(/database thread stopped/);
  });
});
