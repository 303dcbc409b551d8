export { escapeHtml, formatContent, layoutParagraphs } from "./format-content.ts";
export { linkifyText, renderUrlLink, type LinkifyOptions } from "./linkify-text.ts";
export { countedLength, extractEmojiShortcodes, formatFieldValue, formatNote, URL_COUNTED_LENGTH } from "./format-profile.ts";
