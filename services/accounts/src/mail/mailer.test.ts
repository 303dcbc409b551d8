import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMailer } from "./mailer.ts";

describe("mailer without SMTP", () => {
  it("writes each message as an .eml file in the mailbox folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mailbox-"));
    try {
      const mailer = createMailer({ mailboxDir: join(dir, "box"), from: "Starling <notifications@example.com>" });
      await mailer.send({ to: "alice@example.com", subject: "Confirm your address", text: "Open https://example.com/confirm?token=abc" });
      await mailer.send({ to: "bob@example.com", subject: "Second", text: "two" });
      const files = readdirSync(join(dir, "box")).sort();
      assert.equal(files.length, 2);
      const first = readFileSync(join(dir, "box", files[0]!), "utf8");
      assert.match(first, /^To: alice@example\.com$/m);
      assert.match(first, /^Subject: Confirm your address$/m);
      assert.match(first, /token=abc/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
