/** @starling/paging: Mastodon's cursor and offset pagination, one implementation for every service and the gateway. */
export { InvalidCursor, isId, pageCursors, pageLimit, parsePage, type Page, type PageCursors, type PageInput, type PageLimits } from "./page.ts";
export { offsetCursors, parseOffsetPage, type OffsetCursors, type OffsetPage, type OffsetPageInput } from "./offset-page.ts";
export { pageOrder, readPage, type PageOrder } from "./read-page.ts";
