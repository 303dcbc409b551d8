import { z } from "zod";

/**
 * Parses `env` with `schema` once at start-up and fails fast with every problem listed, so a bad
 * deployment stops before it takes traffic instead of failing on the first request.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");
  throw new Error(`invalid configuration:\n${problems}`);
}

/** A TCP port from the environment; 0 asks the OS for a free one (tests and the embedded launcher). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A boolean variable written true/false or 1/0 (any case). */
export const flag = (fallback: boolean) =>
  z
    .string()
    .default(fallback ? "true" : "false")
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["true", "false", "1", "0"]))
    .transform((v) => v === "true" || v === "1");

/** Variables of services that build public URLs of this instance. */
export const localDomainEnv = {
  /** The instance's domain as users and other servers see it (host[:port]). */
  LOCAL_DOMAIN: z.string().min(1).default("localhost:3000"),
  /** Whether public URLs use https (false only for local runs and tests on 127.0.0.1). */
  LOCAL_HTTPS: flag(true),
};

/** The instance's public base URL, e.g. https://example.com, with no trailing slash. */
export function publicBaseUrl(config: { LOCAL_DOMAIN: string; LOCAL_HTTPS: boolean }): string {
  return `${config.LOCAL_HTTPS ? "https" : "http"}://${config.LOCAL_DOMAIN}`;
}

/** Variables every service process reads. */
export const serverEnv = {
  /** Address the gRPC and admin servers bind to; 0.0.0.0 in containers. */
  GRPC_HOST: z.string().default("127.0.0.1"),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long an ordered shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Shared HMAC secret for the short-lived viewer tokens the gateway puts in gRPC metadata. */
  VIEWER_TOKEN_SECRET: z.string().min(32, "VIEWER_TOKEN_SECRET must be at least 32 characters"),
  /** Deadline of one outgoing gRPC call, in milliseconds. */
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
};
