export * from "./config.ts";
export * from "./service.ts";
// The route table, for tests that check every row (the scope matrix).
export { ROUTES } from "./routes/route-table.ts";
export type { Route } from "./http/route.ts";
