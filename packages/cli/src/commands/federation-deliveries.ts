import { parseArgs } from "node:util";
import { federationEnv, startFederationService } from "@starling/federation";
import { FederationServiceClient, type ListDeliveriesResponse } from "@starling/proto/federation/v1/federation";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling federation deliveries [--state pending|failed|dead] [--limit N]";

const when = (date: Date | undefined) => (date ? date.toISOString() : "-");

/** Left-aligned columns, two spaces apart. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}

/** What ListDeliveries answered, as two tables: deliveries, then hosts whose circuit has seen failures. */
export function formatDeliveries(response: ListDeliveriesResponse): string {
  const deliveries = response.deliveries.length
    ? table(
        ["ID", "STATE", "ATTEMPTS", "NEXT ATTEMPT", "TYPE", "INBOX", "LAST ERROR"],
        response.deliveries.map((d) => [d.id, d.state, String(d.attempts), d.state === "dead" ? "-" : when(d.nextAttemptAt), d.activityType ?? "-", d.inbox, d.lastError ?? "-"]),
      )
    : "No deliveries.";
  const hosts = response.hosts.length
    ? table(["HOST", "CIRCUIT", "FAILURES", "OPEN UNTIL"], response.hosts.map((h) => [h.host, h.state, String(h.consecutiveFailures), when(h.openUntil)]))
    : "No failing hosts.";
  return `${deliveries}\n\n${hosts}`;
}

/**
 * `starling federation deliveries`: the outgoing deliveries waiting, retrying or given up, and the
 * hosts whose circuit breaker has seen failures. Reaches the federation service as other commands
 * reach theirs: FEDERATION_GRPC_URL, else the running embedded server, else a copy started here
 * without workers (it only reads).
 */
export async function federationDeliveriesCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { state: { type: "string", default: "" }, limit: { type: "string", default: "40" } } });
  const limit = Number(values.limit);
  if (positionals.length > 0 || !["", "pending", "failed", "dead"].includes(values.state) || !Number.isInteger(limit) || limit < 1) throw new Error(USAGE);
  const reached = await reachServices({
    federation: {
      addressSetting: "FEDERATION_GRPC_URL",
      startHere: (env, context, infra) => startFederationService(federationEnv.parse(env), context, infra, { workers: false }),
    },
  });
  const client = connectService(FederationServiceClient, reached.addresses.federation, { deadlineMs: 15_000 });
  try {
    const viewerToken = await signViewer(reached.secret, { role: OPERATOR_ROLE, scopes: ["admin:read"] });
    console.log(formatDeliveries(await client.listDeliveries({ ...(values.state ? { state: values.state } : {}), limit }, { viewerToken })));
  } finally {
    client.close();
    await reached.stop();
  }
}
