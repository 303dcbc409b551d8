import { parseArgs } from "node:util";
import { moderationEnv, startModerationService } from "@starling/moderation";
import { AnnouncementsServiceClient, type Announcement } from "@starling/proto/moderation/v1/announcements";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling announcements create TEXT [--starts-at T --ends-at T [--all-day]] [--scheduled-at T] | announcements list | announcements delete ID";

/** An ISO 8601 option as a Date, refused when it is not one. */
function timeOption(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Error(`--${name} must be an ISO 8601 time, such as 2026-12-24T18:00:00Z`);
  return time;
}

const describe = (a: Announcement) =>
  [a.id, a.published ? `published ${a.publishedAt?.toISOString()}` : `scheduled ${a.scheduledAt?.toISOString()}`, a.startsAt ? `${a.startsAt.toISOString()}..${a.endsAt?.toISOString()}${a.allDay ? " (all day)" : ""}` : "-", a.text.replace(/\s+/g, " ")].join("\t");

/**
 * `starling announcements create|list|delete`: manages announcements as the operator, through the
 * moderation service (the running one, or one started here for the command, as `rules` does).
 */
export function announcementsCommand(action: "create" | "list" | "delete"): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { "starts-at": { type: "string" }, "ends-at": { type: "string" }, "all-day": { type: "boolean" }, "scheduled-at": { type: "string" } },
    });
    if (action !== "list" && !positionals[0]) throw new Error(USAGE);
    const timing = { startsAt: timeOption("starts-at", values["starts-at"]), endsAt: timeOption("ends-at", values["ends-at"]), allDay: values["all-day"] ?? false, scheduledAt: timeOption("scheduled-at", values["scheduled-at"]) };
    const reached = await reachServices({
      moderation: { addressSetting: "MODERATION_GRPC_URL", startHere: (env, context, infra) => startModerationService(moderationEnv.parse(env), context, infra, { relay: false }) },
    });
    const client = connectService(AnnouncementsServiceClient, reached.addresses.moderation, { deadlineMs: 15_000 });
    try {
      const viewerToken = await signViewer(reached.secret, { accountId: "0", role: OPERATOR_ROLE, scopes: ["admin:read", "admin:write"] });
      if (action === "create") {
        const created = await client.createAnnouncement({ text: positionals.join(" "), ...timing }, { viewerToken });
        console.log(`OK (announcement ${created.id}, ${created.published ? "published" : `scheduled for ${created.scheduledAt?.toISOString()}`})`);
      } else if (action === "delete") {
        await client.deleteAnnouncement({ id: positionals[0]! }, { viewerToken });
        console.log("OK");
      } else {
        for (const announcement of (await client.listAllAnnouncements({}, { viewerToken })).announcements) console.log(describe(announcement));
      }
    } finally {
      client.close();
      await reached.stop();
    }
  };
}
