import { pino, type Logger } from "pino";

export type { Logger } from "pino";

/** A JSON logger on stdout (pino), tagged with the service name. */
export function createLogger(service: string, level = "info"): Logger {
  return pino({ name: service, level, base: { service } });
}
