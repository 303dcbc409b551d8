import type { DashboardRequest, Dimension, DimensionItem } from "@starling/proto/moderation/v1/dashboard";
import { invalidArgument, STARLING_VERSION } from "@starling/runtime";
import { usernamesOf } from "../data/dashboard-accounts-queries.ts";
import { topCounts, topMemberSets, type DaySpan } from "../data/dashboard-counters-queries.ts";
import { postgresFacts } from "../data/server-facts-queries.ts";
import { DIMENSIONS } from "../domain/dashboard-keys.ts";
import { humanSize } from "../domain/human-size.ts";
import { requireStaff } from "../domain/staff.ts";
import type { Caller, ModerationDeps } from "./deps.ts";
import { keyParam, requestSpan } from "./dashboard-request.ts";

type Reader = (deps: ModerationDeps, span: DaySpan, limit: number, param: string) => Promise<DimensionItem[]>;

const counted = (rows: { value: string; count: number }[], human: (value: string) => string = (v) => v): DimensionItem[] =>
  rows.map((r) => ({ key: r.value, humanKey: human(r.value), value: String(r.count) }));

const languageName = (code: string) => new Intl.DisplayNames(["en"], { type: "language", fallback: "code" }).of(code) ?? code;

// What each dimension reads.
const READERS: Record<string, Reader> = {
  languages: async (deps, span, limit) => counted(await topMemberSets(deps.db, "active_locales", span, limit), languageName),
  sources: async (deps, span, limit) => counted(await topCounts(deps.db, "sources", {}, span, limit)),
  servers: async (deps, span, limit) => counted(await topCounts(deps.db, "statuses", {}, span, limit)).map((item) => (item.key === "" ? { ...item, key: deps.localDomain, humanKey: deps.localDomain } : item)),
  space_usage: async (deps) => {
    const { databaseBytes } = await postgresFacts(deps.db);
    return [{ key: "postgresql", humanKey: "PostgreSQL", value: String(databaseBytes), unit: "bytes", humanValue: humanSize(databaseBytes) }];
  },
  software_versions: async (deps) => {
    const { version } = await postgresFacts(deps.db);
    return [
      { key: "starling", humanKey: "Starling", value: STARLING_VERSION, humanValue: STARLING_VERSION },
      { key: "node", humanKey: "Node.js", value: process.versions.node, humanValue: process.versions.node },
      { key: "postgresql", humanKey: "PostgreSQL", value: version, humanValue: version },
    ];
  },
  tag_servers: async (deps, span, limit, tag) =>
    counted(await topCounts(deps.db, "tag_uses", { dim1: tag }, span, limit)).map((item) => (item.key === "" ? { ...item, key: deps.localDomain, humanKey: deps.localDomain } : item)),
  tag_languages: async (deps, span, limit, tag) => counted(await topCounts(deps.db, "tag_languages", { dim1: tag }, span, limit), languageName),
  instance_accounts: async (deps, span, limit, domain) => {
    const rows = await topCounts(deps.db, "account_statuses", { dim1: domain }, span, limit);
    const names = await usernamesOf(deps.db, rows.map((r) => r.value));
    return counted(rows, (id) => `${names.get(id) ?? id}@${domain}`);
  },
  instance_languages: async (deps, span, limit, domain) => counted(await topCounts(deps.db, "status_languages", { dim1: domain }, span, limit), languageName),
};

/** POST /api/v1/admin/dimensions: the known keys in the order asked, each at most `limit` rows (default 10). */
export async function getDimensions(deps: ModerationDeps, caller: Caller, request: DashboardRequest): Promise<Dimension[]> {
  requireStaff(caller, "view_dashboard");
  const span = requestSpan(request.startAt, request.endAt);
  const limit = request.limit ?? 10;
  if (limit < 1 || limit > 100) throw invalidArgument("limit must be between 1 and 100");
  const keys = [...new Set(request.keys)].filter((key) => Object.hasOwn(DIMENSIONS, key));
  const asked = keys.map((key) => ({ key, param: DIMENSIONS[key]!.param ? keyParam(request, key, DIMENSIONS[key]!.param!) : "" }));
  return Promise.all(asked.map(async ({ key, param }) => ({ key, data: await READERS[key]!(deps, span, limit, param) })));
}
