import type { ServiceContext } from "@starling/runtime";
import type { AccountsConfig } from "./config.ts";
import { createLinkCheckWorker } from "./jobs/link-check-worker.ts";
import type { AccountsDeps } from "./use-cases/deps.ts";
import type { ProfileDeps } from "./use-cases/profile-deps.ts";

/**
 * The profile part of the accounts composition: the dependencies of ProfilesService and, when the
 * process runs workers, the rel=me link-check worker (stopped with the other workers).
 */
export function composeProfiles(deps: AccountsDeps, config: AccountsConfig, context: ServiceContext, options: { workers: boolean }): ProfileDeps {
  const profileDeps: ProfileDeps = {
    ...deps,
    // The relay may be attached to `deps` after this runs; always call through to the current one.
    nudge: () => deps.nudge(),
    localDomain: config.LOCAL_DOMAIN,
    limitedFederation: config.LIMITED_FEDERATION_MODE,
    linkChecks: { allowHttp: config.VERIFY_HTTP_LINKS, allowPrivate: config.ALLOW_PRIVATE_ADDRESSES },
    nudgeLinkChecks: () => {},
  };
  if (options.workers) {
    const worker = createLinkCheckWorker(profileDeps, { logger: context.logger });
    worker.start();
    profileDeps.nudgeLinkChecks = () => worker.nudge();
    context.shutdown.add("workers", "accounts rel=me link checks", () => worker.stop());
  }
  return profileDeps;
}
