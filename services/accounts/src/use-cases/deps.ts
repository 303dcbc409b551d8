import type { Database } from "@starling/db";
import type { LocalUrls } from "../domain/account.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What every use case is composed with. */
export interface AccountsDeps {
  db: Database;
  /** Time-ordered 64-bit ids. */
  newId: () => string;
  /** Wakes the outbox relay after a transaction with events committed (a no-op when none runs). */
  nudge: () => void;
  urls: LocalUrls;
  now: () => Date;
  mailer: Mailer;
}
