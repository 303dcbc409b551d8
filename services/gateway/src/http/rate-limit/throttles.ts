/** What a throttle can look at to decide whether a request counts against it. */
export interface ThrottledRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** The signed-in user's account id when the bearer token stands for one (app-only tokens do not). */
  userId: string | undefined;
}

/**
 * One rate limit: `limit` requests per fixed `periodMs` window, counted per user id or per client
 * address (IPv6 /64). A request counts against every throttle whose `applies` matches.
 */
export interface Throttle {
  name: string;
  limit: number;
  periodMs: number;
  by: "user" | "address";
  applies(request: ThrottledRequest): boolean;
}

const MINUTE = 60_000;
const isApi = (r: ThrottledRequest) => r.path.startsWith("/api");
const isPaging = (r: ThrottledRequest) => ["page", "min_id", "max_id", "since_id"].some((key) => r.query[key] !== undefined);
const is = (method: string, pattern: RegExp) => (r: ThrottledRequest) => r.method === method && pattern.test(r.path);
const isEmailConfirmation = (r: ThrottledRequest) => r.method === "POST" && /^\/(api\/v1\/emails\/confirmations|auth\/confirmation)\/?$/.test(r.path);

/**
 * Mastodon 4.0's HTTP throttles (config/initializers/rack_attack.rb), minus the ones for web pages
 * Starling does not serve (web sign-up at POST /auth, password resets). Sign-in attempts are
 * counted on the paths where Starling's sign-in form posts.
 */
export const THROTTLES: readonly Throttle[] = [
  { name: "authenticated_api", limit: 300, periodMs: 5 * MINUTE, by: "user", applies: (r) => isApi(r) && r.userId !== undefined },
  { name: "unauthenticated_api", limit: 300, periodMs: 5 * MINUTE, by: "address", applies: (r) => isApi(r) && r.userId === undefined },
  { name: "api_media", limit: 30, periodMs: 30 * MINUTE, by: "user", applies: (r) => r.userId !== undefined && is("POST", /^\/api\/v\d+\/media\/?$/)(r) },
  { name: "api_sign_up", limit: 5, periodMs: 30 * MINUTE, by: "address", applies: is("POST", /^\/api\/v1\/accounts\/?$/) },
  { name: "authenticated_paging", limit: 300, periodMs: 15 * MINUTE, by: "user", applies: (r) => isPaging(r) && r.userId !== undefined },
  { name: "unauthenticated_paging", limit: 300, periodMs: 15 * MINUTE, by: "address", applies: (r) => isPaging(r) && r.userId === undefined },
  {
    name: "api_delete",
    limit: 30,
    periodMs: 30 * MINUTE,
    by: "user",
    applies: (r) => r.userId !== undefined && (is("DELETE", /^\/api\/v1\/statuses\/[^/]+\/?$/)(r) || is("POST", /^\/api\/v1\/statuses\/[^/]+\/unreblog\/?$/)(r)),
  },
  { name: "email_confirmations/ip", limit: 25, periodMs: 5 * MINUTE, by: "address", applies: isEmailConfirmation },
  { name: "email_confirmations/user", limit: 5, periodMs: 30 * MINUTE, by: "user", applies: (r) => r.userId !== undefined && isEmailConfirmation(r) },
  { name: "login_attempts/ip", limit: 25, periodMs: 5 * MINUTE, by: "address", applies: is("POST", /^\/(auth\/sign_in|oauth\/authorize)\/?$/) },
];
