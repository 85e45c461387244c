/**
 * zod compiles object schemas with `Function` when eval is allowed and probes for it the moment the first
 * object schema is built. The CSP forbids eval (and reports the probe), so choose the interpreter before any
 * schema module loads: main.tsx imports this file first.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` (so that several copies share them) and
 * `z.config()` writes there. Writing it directly keeps zod itself out of the storefront's initial JavaScript
 * (docs/decisions/0015-storefront-first-page.md); zod-config.test.ts checks zod still reads it.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
