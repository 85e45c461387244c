import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn, Logger } from 'pino';

type LogArgs = Parameters<LogFn>;

/**
 * A request's logger that becomes a real pino child only when something is logged through it (ADR 0021).
 * Fastify makes a child logger for every request; pino builds and redacts its bindings at once, which cost
 * about 2 % of a cheap answer's CPU although almost no request logs anything itself (request-log.ts
 * writes its lines through the root logger).
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: Level): boolean {
    const logger = (this.#child ?? this.parent) as Partial<Pick<Logger, 'isLevelEnabled'>>;
    return logger.isLevelEnabled?.(level) ?? true;
  }

  // Methods on the prototype, not arrow fields: nothing is allocated per request but this object.
  fatal(...args: LogArgs) {
    this.#real().fatal(...args);
  }
  error(...args: LogArgs) {
    this.#real().error(...args);
  }
  warn(...args: LogArgs) {
    this.#real().warn(...args);
  }
  info(...args: LogArgs) {
    this.#real().info(...args);
  }
  debug(...args: LogArgs) {
    this.#real().debug(...args);
  }
  trace(...args: LogArgs) {
    this.#real().trace(...args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: see LazyChildLogger. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
