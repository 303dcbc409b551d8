export * from "./launch-embedded.ts";
export * from "./run-registry.ts";
