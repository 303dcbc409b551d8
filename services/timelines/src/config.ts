import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the timelines service. */
export const timelinesEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port of TimelinesService (home and public timelines). */
  GRPC_PORT: port(50053),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9103),
});

export type TimelinesConfig = z.infer<typeof timelinesEnv>;

/** Reads and validates the environment once at start-up. */
export const loadTimelinesConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(timelinesEnv, env);
