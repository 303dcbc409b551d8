import type { UsageStats } from "@starling/proto/common/v1/page";
import { STARLING_VERSION } from "@starling/runtime";

/** The software name and version NodeInfo reports; the name matches ^[a-z0-9-]+$ as the schema requires. */
export const SOFTWARE = { name: "starling", version: STARLING_VERSION } as const;

/** The NodeInfo 2.0 schema's namespace, used as the discovery link's rel. */
export const NODEINFO_20_REL = "http://nodeinfo.diaspora.software/ns/schema/2.0";

/** The discovery document of /.well-known/nodeinfo. */
export function nodeInfoLinks(baseUrl: string) {
  return { links: [{ rel: NODEINFO_20_REL, href: `${baseUrl}/nodeinfo/2.0` }] };
}

/**
 * The NodeInfo 2.0 document: exactly the seven required members, nothing more (the schema forbids
 * additional properties), with usage counted by the services that own the data.
 */
export function nodeInfo20(stats: UsageStats, options: { openRegistrations: boolean; nodeName: string }) {
  return {
    version: "2.0",
    software: { name: SOFTWARE.name, version: SOFTWARE.version },
    protocols: ["activitypub"],
    services: { inbound: [], outbound: [] },
    openRegistrations: options.openRegistrations,
    usage: {
      users: { total: stats.usersTotal, activeHalfyear: stats.usersActiveHalfyear, activeMonth: stats.usersActiveMonth },
      localPosts: stats.localPosts,
    },
    metadata: { nodeName: options.nodeName },
  };
}
