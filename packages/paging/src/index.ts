/** @starling/paging: Mastodon's cursor pagination, one implementation for every service and the gateway. */
export { InvalidCursor, isId, pageCursors, parsePage, type Page, type PageCursors, type PageInput, type PageLimits } from "./page.ts";
export { readPage } from "./read-page.ts";
