import { z } from 'zod';
import { decodeSecretBoxKey } from './security/secret-box';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['0', '1', 'true', 'false'], { message: 'must be 1, 0, true or false' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
);
const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(fallback));

/**
 * Every setting the server reads, parsed once at start-up. A wrong value stops the process with a readable
 * list (formatEnvErrors) instead of failing later in some request. README.md documents each variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    PORT: port(5000),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    APP_ORIGIN: optionalString.pipe(
      z
        .url({
          protocol: /^https?$/,
          message: 'must be an http(s) origin such as https://wholesale.example.com',
        })
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(false|true|\d+)$/, 'must be false, true or the number of proxy hops')
        .default('false')
        .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value))),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DB_CONNECT_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
    // Prefixes every e-mail subject (at most 300 characters, mail/mailer.ts), so it stays short.
    STORE_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(80).default('Dew Mist Wholesale')),
    SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@example.com')),
    STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email().default('staff@example.com')),
    MAIL_FROM: optionalString,
    /**
     * Where the footer's Terms & Conditions and Privacy Policy link when the policies are published elsewhere
     * (an https URL, e.g. the Shopify store's /policies pages); unset, the portal's own /terms and /privacy,
     * whose text staff edit in admin Policies (docs/storefront.md#policy-pages).
     */
    TERMS_URL: optionalString,
    PRIVACY_URL: optionalString,
    ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().min(3).default('admin')),
    ADMIN_PASSWORD: optionalString,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default('admin@example.com')),
    /**
     * The first administrator's own name ('Morgan Reyes'): the sidebar, the welcome and who saved a policy
     * say it. Unset, the administrator is known by the username until a name is given in admin Users.
     */
    ADMIN_NAME: optionalString,
    SEED_DEMO: flag,
    /**
     * Administrators must use a second factor: one who has none sets it up at their next sign-in, before
     * any session (docs/security.md#administrator-sign-in). Off by default, so a first start still works.
     */
    ADMIN_REQUIRE_TOTP: flag,
    /**
     * The AES-256 key that seals administrators' TOTP secrets (ADR 0028): 32 bytes as 64 hex digits or
     * base64. Unset: on PGlite a key is made once in DATA_DIR; with DATABASE_URL two-factor set-up is refused.
     */
    TOTP_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .refine((value) => decodeSecretBoxKey(value) !== null, {
          message: 'must be 32 bytes written as 64 hex digits or base64 (openssl rand -base64 32)',
        })
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    /** E-mail is retried this long before it shows under Delivery problems (docs/emails.md). */
    EMAIL_RETRY_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(720).default(48)),
    /** The longest wait between two attempts of one e-mail. */
    EMAIL_RETRY_MAX_DELAY_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().min(0.1).max(240).default(15),
    ),
    /** SMTP connections kept open and used at once (also how many jobs the worker runs at once). */
    SMTP_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(4)),
    /**
     * How long a stopping process waits for requests and jobs (SIGTERM): longer than every outbound timeout
     * (SMTP 10 s a step, Shopify 20 s a call).
     */
    SHUTDOWN_GRACE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(25).max(600).default(40),
    ),
    /** Serves GET /metrics on the portal's port to requests with 'Authorization: Bearer <token>'. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** Serves GET /metrics without a token on this port of HOST (keep it off the public network). */
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    SHOPIFY_STORE_DOMAIN: optionalString,
    SHOPIFY_ADMIN_TOKEN: optionalString,
    SHOPIFY_API_VERSION: z.preprocess(emptyToUndefined, z.string().default('2026-10')),
    SHOPIFY_WEBHOOK_SECRET: optionalString,
    /** The previous webhook secret, still accepted while Shopify rotates to the new one. */
    SHOPIFY_WEBHOOK_SECRET_PREVIOUS: optionalString,
    /** 'fake': start the fake Shopify store inside the portal and connect to it (local demos). */
    SHOPIFY_MODE: z.preprocess(
      emptyToUndefined,
      z.enum(['live', 'fake'], { message: 'must be live or fake' }).default('live'),
    ),
    /** Port of the fake store with SHOPIFY_MODE=fake; 0 picks a free one. */
    FAKE_SHOPIFY_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(0)),
  })
  .refine((env) => Boolean(env.SHOPIFY_STORE_DOMAIN) === Boolean(env.SHOPIFY_ADMIN_TOKEN), {
    path: ['SHOPIFY_STORE_DOMAIN'],
    message:
      'set both SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN to connect a store, or neither for test mode',
  })
  .refine((env) => env.SHOPIFY_MODE !== 'fake' || (!env.SHOPIFY_STORE_DOMAIN && !env.SHOPIFY_ADMIN_TOKEN), {
    path: ['SHOPIFY_MODE'],
    message:
      'fake runs a fake store inside the portal: unset SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN, or use live',
  })
  .refine((env) => !(env.ADMIN_REQUIRE_TOTP && env.DATABASE_URL && !env.TOTP_ENCRYPTION_KEY), {
    path: ['TOTP_ENCRYPTION_KEY'],
    message:
      'ADMIN_REQUIRE_TOTP with DATABASE_URL needs TOTP_ENCRYPTION_KEY (the same on every instance), or no administrator could sign in',
  })
  .transform((env) => ({
    ...env,
    APP_ORIGIN: new URL(env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).origin,
    MAIL_FROM: env.MAIL_FROM ?? `${env.STORE_NAME} <${env.SUPPORT_EMAIL}>`,
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses process.env (or a test's record); throws EnvError listing every bad variable at once. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
  );
}
