export * from "./infra-config.ts";
export * from "./infra-provider.ts";
