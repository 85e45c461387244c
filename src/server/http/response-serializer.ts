import fastJson from 'fast-json-stringify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** zod's own: parse the answer with its schema, then JSON.stringify (what Fastify does with no compiler). */
const parsingSerializer = createSerializerCompiler({});
type SerializerCompiler = typeof parsingSerializer;

/**
 * Answers serialised by Fastify's compiled serialiser (fast-json-stringify, ADR 0021): each route's zod
 * response schema is turned into a JSON Schema once, at start-up, and compiled into a function that writes
 * exactly the declared fields (anything else on the object is left out, as zod's parse would), several times
 * faster than parsing the answer with zod and then JSON.stringify. A schema JSON Schema cannot express (a
 * transform, a date) keeps zod's parse-then-stringify.
 *
 * `check`: parse every answer with its zod schema first too (tests and development), so an answer that does
 * not match its schema fails loudly there instead of being written as the compiled function sees fit.
 */
export function compiledSerializerCompiler({ check }: { check: boolean }): SerializerCompiler {
  return (route) => {
    const schema = route.schema;
    if (!(schema instanceof $ZodType)) return parsingSerializer(route);
    let stringify: (data: unknown) => string;
    try {
      stringify = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as object);
    } catch {
      return parsingSerializer(route);
    }
    if (!check) return stringify;
    return (data: unknown) => {
      const result = z.safeParse(schema, data);
      if (!result.success)
        throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
