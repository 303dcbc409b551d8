/**
 * The filter context a stream's statuses are shown in, as the REST routes showing the same
 * statuses use it: the user and list streams are home feeds, public and hashtag streams public
 * timelines. Others (direct) have none: their statuses are marked by every matching filter and
 * none is left out, as GetStatusPage does without a context.
 */
export function filterContextOf(label: readonly string[]): "home" | "public" | undefined {
  const name = label[0] ?? "";
  if (name === "user" || name === "list") return "home";
  if (name.startsWith("public") || name.startsWith("hashtag")) return "public";
  return undefined;
}
