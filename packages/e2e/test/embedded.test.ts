import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { describeSlice } from "./slice-scenario.ts";

describe("the slice on the embedded run (one process, PGlite, in-process bus and store)", () => {
  describeSlice(() => startEmbeddedStack());
});
