import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod-config', () => {
  it("sets zod's jitless mode before zod loads, so no schema probes for eval under the CSP", () => {
    expect(z.config().jitless).toBe(true);
  });

  it('builds and parses object schemas without calling Function', () => {
    const original = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        calls.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ id: z.number(), name: z.string() });
      expect(schema.parse({ id: 1, name: 'Mist', extra: true })).toEqual({ id: 1, name: 'Mist' });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
