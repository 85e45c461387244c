import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderListResponseSchema, type OrderListResponse } from '../../shared/schemas/orders';
import { compiledSerializerCompiler } from './response-serializer';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/example', httpStatus: '200' });
const compile = (schema: unknown, check = false) =>
  compiledSerializerCompiler({ check })(route(schema) as never) as (data: unknown) => string;

const account = z.object({ id: z.number().int(), email: z.string(), nickname: z.string().nullable() });

describe('the compiled response serialiser', () => {
  it('writes what zod would: the declared fields only, nulls kept', () => {
    const answer = { id: 7, email: 'ada@example.com', nickname: null, passwordHash: 'secret' };
    const written = compile(account)(answer);
    expect(JSON.parse(written)).toEqual(account.parse(answer));
    expect(written).not.toContain('secret');
  });

  it('writes an order history page byte for byte as parse-then-stringify does', () => {
    const page: OrderListResponse = orderListResponseSchema.parse({
      orders: [],
      totalPages: 0,
      page: 1,
      total: 0,
    });
    expect(compile(orderListResponseSchema)(page)).toBe(JSON.stringify(page));
  });

  it('refuses, when checking, an answer that does not match its schema', () => {
    const write = compile(account, true);
    let thrown: unknown;
    try {
      write({ id: 'seven', email: 'ada@example.com', nickname: null });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('keeps zod for a schema JSON Schema cannot express (a transform)', () => {
    const shouting = z.object({ name: z.string().transform((name) => name.toUpperCase()) });
    expect(compile(shouting)({ name: 'ada' })).toBe('{"name":"ADA"}');
  });

  it('compiles instead of parsing in production: it writes what it is given as the schema says', () => {
    // zod would refuse the string '7' for an integer; the compiled function writes the number.
    expect(compile(account)({ id: '7', email: 'ada@example.com', nickname: null })).toBe(
      '{"id":7,"email":"ada@example.com","nickname":null}',
    );
  });
});
