import { Router, type Request, type Response } from "express";
import { sseHandler } from "./sse-stream.ts";
import type { StreamingCore } from "./streaming-core.ts";

/** The streaming API's HTTP side, mounted at /api/v1/streaming: its health check and the SSE streams (WebSocket upgrades bypass Express). */
export function streamingRouter(core: StreamingCore): Router {
  const router = Router();
  router.get("/health", (_req: Request, res: Response) => void res.type("text/plain").send("OK"));
  router.get("/*path", sseHandler(core));
  return router;
}
