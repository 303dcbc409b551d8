import { z } from "zod";
import type { Route } from "../http/route.ts";
import { presentCustomEmoji } from "../presenters/custom-emoji.ts";

/** Custom emojis of the picker (reference §1.21): public, and cacheable for three minutes as Mastodon serves them. */
export const customEmojiRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/custom_emojis",
    auth: "none",
    cacheControl: "public, max-age=180",
    input: z.object({}),
    call: (ctx) => ctx.clients.customEmojis.listCustomEmojis({}),
    present: (_ctx, r) => r.emojis.map(presentCustomEmoji),
  },
];
