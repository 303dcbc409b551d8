/** Whether a query failed on a unique index (PostgreSQL error 23505), e.g. a lost race on a username. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
