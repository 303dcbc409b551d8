/**
 * The e2e harness as a package, so benchmarks and other drivers start the same stacks the suites
 * run against instead of copying how to boot Starling.
 */
export * from "./harness/embedded-stack.ts";
export * from "./harness/production-stack.ts";
export * from "./harness/stack.ts";
export * from "./harness/masto-session.ts";
export * from "./harness/processes.ts";
