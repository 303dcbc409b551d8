// Runs one service under a supervisor: `node supervise-main.ts NAME COMMAND [ARGS...]` (plain Node:
// type stripping is enough here, no loader). SIGTERM or SIGINT is passed on to the service, and the
// supervisor exits with the service's code once it has stopped.
import { createLogger } from "./logger.ts";
import { supervise } from "./supervisor.ts";

const [name, command, ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error("usage: supervise-main.ts NAME COMMAND [ARGS...]");
  process.exit(64);
}
const supervised = supervise({ command, args, logger: createLogger(name) });
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void supervised.stop(signal).then((code) => process.exit(code ?? 0)));
}
