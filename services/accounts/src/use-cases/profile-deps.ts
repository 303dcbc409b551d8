import type { AccountsDeps } from "./deps.ts";

/** What the profile use cases need besides the common dependencies. */
export interface ProfileDeps extends AccountsDeps {
  /** LOCAL_DOMAIN: addresses with it are local (`alice@example.com` is `alice`). */
  localDomain: string;
  /** Link checks (rel=me): test settings that let them reach the test's own http server. */
  linkChecks: { allowHttp: boolean; allowPrivate: boolean };
  /** LIMITED_FEDERATION_MODE: accounts of servers staff did not allow are not looked up. */
  limitedFederation: boolean;
  /** Wakes the link-check worker after a transaction that queued a check (a no-op when none runs). */
  nudgeLinkChecks: () => void;
}
