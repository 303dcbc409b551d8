import { randomBytes } from "node:crypto";
import { signIn, type Stack } from "@starling/e2e";
import { waitFor } from "@starling/testkit";

/** Statuses the author posts: two pages' worth, so the measured page is full and not the whole timeline. */
export const AUTHOR_POSTS = 40;
/** Mastodon's default home page size; the load reads exactly this page. */
export const HOME_PAGE_SIZE = 20;

/**
 * One reader following one author who posted {@link AUTHOR_POSTS} statuses; resolves with the
 * reader's bearer token once fan-out has filled the reader's first home page, so the load
 * measures reads of a full page rather than of a timeline still being written.
 */
export async function seedHomeTimeline(stack: Stack): Promise<string> {
  const suffix = randomBytes(3).toString("hex");
  const [authorEmail, readerEmail] = [`author_${suffix}@example.com`, `reader_${suffix}@example.com`];
  const authorPassword = await stack.createAccount(`author_${suffix}`, authorEmail);
  const readerPassword = await stack.createAccount(`reader_${suffix}`, readerEmail);
  const author = await signIn(stack.url, authorEmail, authorPassword);
  const reader = await signIn(stack.url, readerEmail, readerPassword);
  await reader.client.v1.accounts.$select(author.account.id).follow();
  // One at a time, as a person posts; bursts would measure the write path, not this benchmark's subject.
  for (let i = 1; i <= AUTHOR_POSTS; i++) {
    await author.client.v1.statuses.create({ status: `bench status ${i} of ${AUTHOR_POSTS} (${suffix})`, visibility: "public" });
  }
  await waitFor(async () => (await reader.client.v1.timelines.home.list({ limit: HOME_PAGE_SIZE })).length >= HOME_PAGE_SIZE, {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: `${HOME_PAGE_SIZE} statuses in the reader's home timeline`,
  });
  return reader.accessToken;
}
