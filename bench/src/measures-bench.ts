import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { signIn, type Stack } from "@starling/e2e";
import type { Column } from "./figures.ts";
import { figure } from "./figures.ts";
import { SEEDED, seedDashboardCounters } from "./seed-dashboard-counters.ts";

const REQUESTS = 50;
const MEASURE_KEYS = ["active_users", "new_users", "interactions", "opened_reports", "resolved_reports", "tag_accounts", "tag_uses", "tag_servers", "instance_accounts", "instance_media_attachments", "instance_reports", "instance_statuses", "instance_follows", "instance_followers"];
const DIMENSION_KEYS = ["languages", "servers", "tag_servers", "tag_languages", "instance_accounts", "instance_languages"];

/** Every key's parameter: the first seeded hashtag and server. */
function perKeyParams(keys: readonly string[]): Record<string, { id: string } | { domain: string }> {
  return Object.fromEntries(keys.filter((k) => k.startsWith("tag_") || k.startsWith("instance_")).map((k) => [k, k.startsWith("tag_") ? { id: "benchtag0" } : { domain: "peer0.example" }]));
}

/**
 * The admin dashboard over a year: once the moderation counters hold a year of 100,000 statuses,
 * POST /api/v1/admin/measures with all 14 keys (and /dimensions with the six counted ones) for the
 * last 365 days, {@link REQUESTS} times one after another, as an admin's dashboard asks; p50 and p99.
 */
export async function benchMeasures(stack: Stack): Promise<Column["figures"]> {
  if (!stack.infra) throw new Error(`the ${stack.name} stack does not expose its database`);
  await seedDashboardCounters(stack.infra);
  const suffix = randomBytes(3).toString("hex");
  const email = `dashboard_${suffix}@example.com`;
  const admin = await signIn(stack.url, email, await stack.createAccount(`dashboard_${suffix}`, email, ["--role", "Admin"]), "read admin:read");
  const end = new Date();
  const start = new Date(end.getTime() - (SEEDED.days - 1) * 86_400_000);
  const span = { start_at: start.toISOString().slice(0, 10), end_at: end.toISOString().slice(0, 10) };
  const time = async (path: string, body: unknown) => {
    const samples: number[] = [];
    for (let i = 0; i <= REQUESTS; i++) {
      const began = performance.now();
      const response = await fetch(`${stack.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${admin.accessToken}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      const answer = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${answer}`);
      if (i > 0) samples.push(performance.now() - began); // the first warms the connections
    }
    samples.sort((a, b) => a - b);
    return (q: number) => samples[Math.max(0, Math.ceil(q * samples.length) - 1)]!;
  };
  const measures = await time("/api/v1/admin/measures", { keys: MEASURE_KEYS, ...span, ...perKeyParams(MEASURE_KEYS) });
  const dimensions = await time("/api/v1/admin/dimensions", { keys: DIMENSION_KEYS, ...span, limit: 10, ...perKeyParams(DIMENSION_KEYS) });
  // The machine's load says how far a shared machine's figures are from a quiet one's.
  const note = `${SEEDED.statuses} statuses over ${SEEDED.days} days, ${MEASURE_KEYS.length} keys; load average ${loadavg()[0]!.toFixed(1)}`;
  return {
    measuresP50Ms: figure(measures(0.5), note),
    measuresP99Ms: figure(measures(0.99)),
    dimensionsP50Ms: figure(dimensions(0.5)),
    dimensionsP99Ms: figure(dimensions(0.99)),
  };
}
