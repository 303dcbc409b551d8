/** What every statuses test file builds on: the backends to run on and a CreateStatus request. */
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";

/** The embedded PostgreSQL always, the real server too when DATABASE_URL is set. */
export const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** A plain public "Hello, world" from a test app, with `overrides`. */
export const statusRequest = (overrides: Partial<CreateStatusRequest> = {}): CreateStatusRequest => ({
  status: "Hello, world",
  spoilerText: "",
  sensitive: false,
  application: { name: "Test app" },
  mediaIds: [],
  ...overrides,
});
