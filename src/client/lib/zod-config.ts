import { z } from 'zod';

// zod compiles object schemas with `Function` when eval is allowed and probes for it the moment the first
// object schema is built. The CSP forbids eval (and reports the probe), so choose the interpreter before any
// schema module loads: main.tsx imports this file first.
z.config({ jitless: true });
