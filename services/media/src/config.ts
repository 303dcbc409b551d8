import { z } from "zod";
import { parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the media service. */
export const mediaEnv = z.object({
  ...serverEnv,
  /** gRPC port (health now; media, suggestions, directory and search later). */
  GRPC_PORT: port(50055),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9105),
});

export type MediaConfig = z.infer<typeof mediaEnv>;

/** Reads and validates the environment once at start-up. */
export const loadMediaConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(mediaEnv, env);
