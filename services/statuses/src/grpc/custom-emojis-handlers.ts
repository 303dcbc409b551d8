import type { AsyncHandlers } from "@starling/runtime";
import type { CustomEmoji as CustomEmojiMessage, CustomEmojisServiceServer } from "@starling/proto/statuses/v1/custom_emojis";
import type { CustomEmoji } from "../domain/custom-emoji.ts";
import { createCustomEmoji } from "../use-cases/create-custom-emoji.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getCustomEmojis, getLocalCustomEmoji, listCustomEmojis } from "../use-cases/find-custom-emojis.ts";

/** Domain emoji → proto message. */
export function customEmojiToProto(emoji: CustomEmoji): CustomEmojiMessage {
  return {
    id: emoji.id,
    shortcode: emoji.shortcode,
    domain: emoji.domain,
    url: emoji.url,
    staticUrl: emoji.staticUrl,
    visibleInPicker: emoji.visibleInPicker,
    category: emoji.category ?? undefined,
    disabled: emoji.disabled,
    createdAt: emoji.createdAt,
    updatedAt: emoji.updatedAt,
  };
}

/** CustomEmojisService: decode → use case → encode. */
export function customEmojisHandlers(deps: StatusesDeps): AsyncHandlers<CustomEmojisServiceServer> {
  return {
    async createCustomEmoji(request, ctx) {
      const { emoji, created } = await createCustomEmoji(deps, ctx.viewer, request);
      return { emoji: customEmojiToProto(emoji), created };
    },
    async listCustomEmojis() {
      return { emojis: (await listCustomEmojis(deps)).map(customEmojiToProto) };
    },
    async getCustomEmojis(request) {
      const refs = [...request.shortcodes.map((shortcode) => ({ shortcode, domain: request.domain })), ...request.refs];
      return { emojis: (await getCustomEmojis(deps, refs)).map(customEmojiToProto) };
    },
    async getLocalCustomEmoji(request) {
      return customEmojiToProto(await getLocalCustomEmoji(deps, request.id));
    },
  };
}
