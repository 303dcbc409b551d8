import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { startTrendsService, trendsEnv } from "@starling/trends";
import { reachServices } from "./reach-services.ts";

/**
 * `starling trends refresh`: recomputes trend scores at once as the operator, through the trends service
 * (the running one, or one started here for the command, without its scheduler).
 */
export async function trendsRefreshCommand(): Promise<void> {
  const reached = await reachServices({
    trends: { addressSetting: "TRENDS_GRPC_URL", startHere: (env, context, infra) => startTrendsService(trendsEnv.parse(env), context, infra, { relay: false, scheduler: false }) },
  });
  const client = connectService(TrendsServiceClient, reached.addresses.trends, { deadlineMs: 120_000 });
  try {
    const viewerToken = await signViewer(reached.secret, { accountId: "0", role: OPERATOR_ROLE, scopes: ["admin:write"] });
    const counts = await client.refreshTrends({}, { viewerToken });
    console.log(`OK (${counts.tags} tags, ${counts.statuses} posts, ${counts.links} links scored)`);
  } finally {
    client.close();
    await reached.stop();
  }
}
