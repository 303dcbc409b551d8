import { pino, type DestinationStream, type Logger } from "pino";
import { isColorSupported, prettyFactory } from "pino-pretty";

export type { Logger } from "pino";

/** Where a logger writes and in which form. */
export interface LoggerOutput {
  /** Lines for a person instead of JSON; default: whether stdout is a terminal. */
  pretty?: boolean;
  /** Default stdout. */
  destination?: { write(line: string): unknown };
}

/**
 * A pino logger tagged with the service name: one JSON object a line for log collectors, or, when
 * stdout is a terminal, one readable line each ("12:00:01.200 INFO (media): serving grpcPort=50055").
 */
export function createLogger(service: string, level = "info", output: LoggerOutput = {}): Logger {
  const options = { name: service, level, base: { service } };
  if (output.pretty ?? process.stdout.isTTY === true) return pino(options, prettyLines(output.destination ?? process.stdout));
  // pino's own buffered stdout writer unless told otherwise: the fast path for collectors.
  return output.destination ? pino(options, output.destination as DestinationStream) : pino(options);
}

// prettyFactory formats synchronously in this thread: no transport worker per logger (the embedded
// run has a dozen loggers), and nothing is lost when the process exits right after a line.
function prettyLines(destination: { write(line: string): unknown }): DestinationStream {
  const prettify = prettyFactory({
    colorize: destination === process.stdout && isColorSupported,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
    singleLine: true,
  });
  return { write: (line: string) => void destination.write(prettify(line)) };
}
