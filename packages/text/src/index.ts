export { escapeHtml, formatContent, layoutParagraphs } from "./format-content.ts";
export { linkedUrls, linkifyText, plainSegments, renderUrlLink, splitLinks, type LinkifyOptions, type TextPiece } from "./linkify-text.ts";
export { countedLength, extractEmojiShortcodes, formatFieldValue, formatNote, URL_COUNTED_LENGTH } from "./format-profile.ts";
export { firstLink } from "./first-link.ts";
export { formatStatus, statusEntities, type StatusEntities, type StatusLinks } from "./format-status.ts";
export { hashtagsIn, isHashtagName, normalizeHashtag } from "./hashtags.ts";
export { mentionedAccts, mentionMatches, type MentionMatch } from "./mentions.ts";
export { htmlToPlainText } from "./plain-text.ts";
