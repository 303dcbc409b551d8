import assert from "node:assert/strict";
import type { Announcement } from "@starling/proto/moderation/v1/announcements";
import { presentAdminAnnouncement, presentAnnouncement, presentAnnouncementEvent } from "./announcement.ts";

const base = "https://example.test";
const at = new Date("2026-11-26T12:00:00.000Z");
const announcement: Announcement = {
  id: "42",
  text: "Hi #cats",
  content: "<p>Hi #cats</p>",
  startsAt: undefined,
  endsAt: undefined,
  allDay: false,
  scheduledAt: undefined,
  published: true,
  publishedAt: at,
  createdAt: at,
  updatedAt: at,
  read: false,
  mentions: [{ id: "7", username: "ana", acct: "ana", url: `${base}/@ana` }],
  tags: ["cats"],
  emojis: [{ shortcode: "blobcat", url: `${base}/e.png`, staticUrl: `${base}/s.png`, visibleInPicker: true, category: undefined }],
  reactions: [
    { name: "🎉", count: 2, me: true, url: undefined, staticUrl: undefined },
    { name: "blobcat", count: 1, me: false, url: `${base}/e.png`, staticUrl: `${base}/s.png` },
  ],
};

describe("presentAnnouncement", () => {
  it("renders Mastodon's Announcement with the viewer's read state and `me`, and custom emoji images", () => {
    assert.deepEqual(presentAnnouncement(base, announcement), {
      id: "42",
      content: "<p>Hi #cats</p>",
      starts_at: null,
      ends_at: null,
      all_day: false,
      published_at: "2026-11-26T12:00:00.000Z",
      updated_at: "2026-11-26T12:00:00.000Z",
      read: false,
      mentions: [{ id: "7", username: "ana", url: `${base}/@ana`, acct: "ana" }],
      statuses: [],
      tags: [{ name: "cats", url: `${base}/tags/cats` }],
      emojis: [{ shortcode: "blobcat", url: `${base}/e.png`, static_url: `${base}/s.png`, visible_in_picker: true, category: null }],
      reactions: [
        { name: "🎉", count: 2, me: true },
        { name: "blobcat", count: 1, me: false, url: `${base}/e.png`, static_url: `${base}/s.png` },
      ],
    });
  });

  it("leaves out read and me without a viewer, and adds the source and schedule for staff", () => {
    const anonymous = { ...announcement, read: undefined, reactions: announcement.reactions.map((r) => ({ ...r, me: undefined })) };
    const staff = presentAdminAnnouncement(base, { ...anonymous, published: false, publishedAt: undefined, scheduledAt: at });
    assert.equal("read" in staff, false);
    assert.deepEqual((staff.reactions as object[])[0], { name: "🎉", count: 2 });
    assert.deepEqual([staff.text, staff.published, staff.published_at, staff.scheduled_at], ["Hi #cats", false, null, "2026-11-26T12:00:00.000Z"]);
  });
});

describe("presentAnnouncementEvent", () => {
  it("renders announcement and announcement.reaction payloads, and nothing for other events", () => {
    assert.equal(JSON.parse(presentAnnouncementEvent(base, { event: "announcement", announcement })!).id, "42");
    const reaction = presentAnnouncementEvent(base, { event: "announcement.reaction", announcementReaction: { announcementId: "42", name: "🎉", count: 3, url: undefined, staticUrl: undefined } });
    assert.deepEqual(JSON.parse(reaction!), { name: "🎉", count: 3, announcement_id: "42" });
    assert.equal(presentAnnouncementEvent(base, { event: "announcement.delete", payload: "42" }), undefined);
    assert.equal(presentAnnouncementEvent(base, { event: "update", statusId: "1" }), undefined);
  });
});
