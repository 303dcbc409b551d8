import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { describeSlice } from "./slice-scenario.ts";

describe("the core flows on the embedded run (one process, embedded PostgreSQL, in-process bus and store)", () => {
  describeSlice(() => startEmbeddedStack());
});
