/**
 * The streams a client can ask for, as Mastodon 4.0's streaming server names them: which channels
 * of the streaming fan-out each one listens to, what scope it needs, and whether its statuses are
 * filtered by the viewer's blocks and mutes (public and hashtag streams; home feeds were filtered
 * by timelines already).
 */
import { streamChannels, type PublicScope } from "@starling/events";
import type { Viewer } from "@starling/runtime";
import { normalizeHashtag } from "@starling/text";

/** What a client asked for: a stream name and its parameters. */
export interface StreamRequest {
  stream: string;
  tag?: string | undefined;
  list?: string | undefined;
}

/** A stream resolved for one viewer. */
export interface ResolvedStream {
  /** The `stream` array of its WebSocket events: ["user"], ["hashtag", "<tag as given>"], ["list", "<id>"]. */
  label: string[];
  /** Pub/sub channels it listens to. */
  channels: string[];
  /** Drop statuses of authors (or mentioned accounts) the viewer blocks, mutes or whose domain it blocks. */
  filtered: boolean;
  /** A list stream: the list the viewer must own before it opens (checked by the streaming core). */
  listId?: string;
}

/** A stream refused: the HTTP status for SSE, the message for both transports. */
export class StreamError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const NOT_COVERED = "Error: Access token does not cover required scopes";
/** Mastodon's refusal of a list that is missing, unknown or another user's. */
export const LIST_REFUSED = "Not authorized to stream this list";

const PUBLIC: Record<string, [PublicScope, boolean]> = {
  public: ["all", false],
  "public:media": ["all", true],
  "public:local": ["local", false],
  "public:local:media": ["local", true],
  "public:remote": ["remote", false],
  "public:remote:media": ["remote", true],
};

/** Whether a stream name is one anyone may stream (no scope, no token unless the instance asks for one). */
export const isPublicStream = (name: string) => Object.hasOwn(PUBLIC, name) || name === "hashtag" || name === "hashtag:local";

const hasAny = (viewer: Viewer | undefined, scopes: string[]) => scopes.some((scope) => viewer?.scopes.includes(scope));

/**
 * Mastodon's checkScopes and channelNameToIds: public streams need nothing; `user:notification`
 * needs read or read:notifications; `user`, `direct` and `list` need read or read:statuses, and
 * `user` carries notifications only when the token may read them. A list stream still needs its
 * owner checked (`listId`), which takes a call to timelines.
 */
export function resolveStream(request: StreamRequest, viewer: Viewer | undefined): StreamError | ResolvedStream {
  const name = request.stream;
  const publicScope = PUBLIC[name];
  if (publicScope) return { label: [name], channels: [streamChannels.public(...publicScope)], filtered: true };
  if (name === "hashtag" || name === "hashtag:local") {
    const tag = request.tag ? normalizeHashtag(request.tag) : "";
    if (!tag) return new StreamError(404, "No tag for stream provided");
    return { label: [name, request.tag!], channels: [streamChannels.hashtag(tag, name === "hashtag:local")], filtered: true };
  }
  const required = name === "user:notification" ? ["read", "read:notifications"] : ["read", "read:statuses"];
  if (!["user", "user:notification", "direct", "list"].includes(name)) return new StreamError(400, "Unknown stream type");
  const accountId = viewer?.accountId;
  if (!accountId || !hasAny(viewer, required)) return new StreamError(401, NOT_COVERED);
  switch (name) {
    case "user":
      return { label: [name], channels: [streamChannels.home(accountId), ...(hasAny(viewer, ["read", "read:notifications"]) ? [streamChannels.notifications(accountId)] : []), streamChannels.announcements()], filtered: false };
    case "user:notification":
      return { label: [name], channels: [streamChannels.notifications(accountId)], filtered: false };
    case "direct":
      return { label: [name], channels: [streamChannels.direct(accountId)], filtered: false };
    default:
      if (!request.list) return new StreamError(404, LIST_REFUSED);
      return { label: [name, request.list], channels: [streamChannels.list(request.list)], filtered: false, listId: request.list };
  }
}

/** The stream an SSE path serves (`only_media` picks the media variant of public streams), or undefined. */
export function sseStreamName(path: string, onlyMedia: boolean): string | undefined {
  const name = { "/user": "user", "/user/notification": "user:notification", "/public": "public", "/public/local": "public:local", "/public/remote": "public:remote", "/hashtag": "hashtag", "/hashtag/local": "hashtag:local", "/list": "list", "/direct": "direct" }[path];
  return name && onlyMedia && name.startsWith("public") ? `${name}:media` : name;
}

/** Mastodon's truthiness of query flags: anything non-empty but false, 0, f or off. */
export const isTruthy = (value: unknown) => typeof value === "string" && value !== "" && !["false", "0", "f", "off"].includes(value.toLowerCase());
