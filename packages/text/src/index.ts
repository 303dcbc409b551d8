export { escapeHtml, formatContent } from "./format-content.ts";
