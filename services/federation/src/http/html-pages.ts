import { escapeHtml } from "@starling/text";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { LocalStatusView } from "../fedify/note-object.ts";

// Minimal server-rendered pages for browsers that land on an ActivityPub URL: this server has no web
// app, so each page carries what Mastodon's does for a reader and a crawler (the text, the author,
// the link to the ActivityPub document as rel=alternate). Account notes and status contents are
// the HTML the accounts and statuses services formatted and sanitized; everything else is escaped.

const AP = "application/activity+json";

function page(options: { title: string; alternate: string; canonical: string; body: string; embed?: boolean }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="canonical" href="${escapeHtml(options.canonical)}">
<link rel="alternate" type="${AP}" href="${escapeHtml(options.alternate)}">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:${options.embed ? "0" : "2rem auto"};padding:1rem;color:#222}img.avatar{width:4rem;height:4rem;border-radius:.5rem}.meta{color:#666;font-size:.9rem}</style>
</head>
<body${options.embed ? ' class="embed"' : ""}>
${options.body}
</body>
</html>
`;
}

const handle = (account: Account, host: string) => `@${account.username}@${host}`;
const displayName = (account: Account) => account.displayName || account.username;
const profileUrl = (account: Account) => account.url ?? account.uri;

/** The profile page of a local account: name, handle, bio, fields, counts, its link and its actor. */
export function profilePage(account: Account, host: string): string {
  const fields = account.fields.map((f) => `<dt>${escapeHtml(f.name)}</dt><dd>${f.value}</dd>`).join("");
  const avatar = account.avatarUrl ? `<img class="avatar" src="${escapeHtml(account.avatarUrl)}" alt="">` : "";
  const body = `<header class="h-card">${avatar}
<h1 class="p-name">${escapeHtml(displayName(account))}</h1>
<p><a class="u-url" href="${escapeHtml(profileUrl(account))}" rel="me">${escapeHtml(handle(account, host))}</a></p>
</header>
<div class="p-note">${account.note}</div>
${fields ? `<dl>${fields}</dl>` : ""}
<p class="meta">${account.statusesCount} posts · ${account.followingCount} following · ${account.followersCount} followers</p>`;
  return page({ title: `${displayName(account)} (${handle(account, host)})`, canonical: profileUrl(account), alternate: account.uri, body });
}

// A status as an h-entry: author, content warning and text, attachments, date linking to it.
function statusArticle(view: LocalStatusView, host: string): string {
  const status = view.federated.status!;
  const author = view.author;
  const media = view.media
    .map((m) => {
      const src = m.previewUrl ?? m.url ?? m.remoteUrl;
      return src ? `<a href="${escapeHtml(m.url ?? src)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(m.description ?? "")}" loading="lazy" style="max-width:100%"></a>` : "";
    })
    .join("");
  const text = status.spoilerText ? `<details><summary>${escapeHtml(status.spoilerText)}</summary>${status.content}</details>` : status.content;
  const published = status.createdAt ? status.createdAt.toISOString() : "";
  return `<article class="h-entry">
<p class="p-author h-card">${author.avatarUrl ? `<img class="avatar" src="${escapeHtml(author.avatarUrl)}" alt=""> ` : ""}<a class="u-url p-name" href="${escapeHtml(profileUrl(author))}">${escapeHtml(displayName(author))}</a> <span class="meta">${escapeHtml(handle(author, host))}</span></p>
<div class="e-content">${text}</div>
${media ? `<div class="media">${media}</div>` : ""}
<p class="meta"><a class="u-url" href="${escapeHtml(status.url ?? status.uri)}"><time class="dt-published" datetime="${published}">${published.slice(0, 16).replace("T", " ")}</time></a></p>
</article>`;
}

/**
 * A public or unlisted local status. The same markup serves the status page (/@user/ID) and the
 * embed (…/embed), framed by other sites.
 */
export function statusPage(view: LocalStatusView, host: string, options: { embed: boolean }): string {
  const status = view.federated.status!;
  const title = `${displayName(view.author)}: "${status.text.slice(0, 60)}"`;
  return page({ title, canonical: status.url ?? status.uri, alternate: status.uri, body: statusArticle(view, host), embed: options.embed });
}

/** A hashtag's page: its latest local public statuses, the collection (`url`) as rel=alternate. */
export function tagPage(tag: string, url: string, views: readonly LocalStatusView[], host: string): string {
  const body = `<h1>#${escapeHtml(tag)}</h1>\n${views.map((view) => statusArticle(view, host)).join("\n") || "<p>No posts yet.</p>"}`;
  return page({ title: `#${tag}`, canonical: url, alternate: url, body });
}
