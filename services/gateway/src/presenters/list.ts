import type { List } from "@starling/proto/timelines/v1/lists";

/** Mastodon's List entity (4.0: id, title, replies_policy). */
export function presentList(list: List): Record<string, unknown> {
  return { id: list.id, title: list.title, replies_policy: list.repliesPolicy };
}
