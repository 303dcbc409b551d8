import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn } from "../src/harness/masto-session.ts";
import { png, shortAudio } from "../src/harness/media-files.ts";
import type { Stack } from "../src/harness/stack.ts";

// The README's run command, `pnpm start`, as a newcomer meets it on a machine without ffmpeg
// (FFMPEG_PATH and FFPROBE_PATH lead nowhere): what it prints, and what an audio upload answers.
describe("the run command on a machine without ffmpeg", function () {
  this.timeout(180_000);
  let stack: Stack;
  let output: () => string;
  before(async () => {
    stack = await startEmbeddedStack({ env: { FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: "/nonexistent/ffprobe" } });
    output = stack.output!;
  });
  after(() => stack?.stop());

  /** Sends `file` to POST /api/v2/media as a client app would. */
  async function upload(accessToken: string, file: Buffer, name: string, type: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)], { type }), name);
    const res = await fetch(`${stack.url}/api/v2/media`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` }, body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it("ends its start-up with the URL and a command that makes the first account, which works as printed", async () => {
    await waitFor(async () => /Make the first account/.test(output()), { what: "the start-up banner" });
    assert.match(output(), new RegExp(`^Starling is ready in \\d+ ms: ${stack.url}$`, "m"));
    const printed = /^ {2}pnpm starling (accounts create .+)$/m.exec(output());
    assert.ok(printed, output());
    const created = await stack.cli(printed[1]!.split(" "));
    const password = /^New password: (\S+)$/m.exec(created)?.[1];
    assert.ok(password, created);
    const owner = await signIn(stack.url, "alice@example.com", password);
    assert.equal(owner.account.username, "alice");
  });

  it("logs JSON lines when stdout is not a terminal, with a warning naming the missing tools", () => {
    const lines = output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; service: string; msg: string });
    const warning = lines.find((line) => line.service === "media" && line.level === 40);
    assert.ok(warning, output());
    assert.match(warning.msg, /^ffmpeg \(\/nonexistent\/ffmpeg\) and ffprobe \(\/nonexistent\/ffprobe\) not found: audio, video and animated GIF uploads are refused/);
  });

  it("refuses an audio upload with 422 naming what the server lacks, and still takes an image", async () => {
    const bob = await signIn(stack.url, "bob@example.com", await stack.createAccount("bob", "bob@example.com"));
    const audio = await upload(bob.accessToken, await shortAudio(), "tone.wav", "audio/wav");
    assert.deepEqual(audio, { status: 422, body: { error: "Audio and video uploads cannot be processed: this server lacks ffmpeg and ffprobe" } });
    const image = await upload(bob.accessToken, await png(32, 24), "dot.png", "image/png");
    assert.equal(image.status, 202);
    assert.equal(image.body.type, "image");
  });
});
