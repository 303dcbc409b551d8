import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { text } from "node:stream/consumers";
import { localDiskStorage } from "./local-disk-storage.ts";
import type { MediaStorage } from "./media-storage.ts";
import { s3Storage } from "./s3-storage.ts";

interface Backend {
  name: string;
  make(): MediaStorage;
}

const s3 = process.env.S3_ENDPOINT;
const backends: Backend[] = [
  { name: "local disk", make: () => localDiskStorage(mkdtempSync(join(tmpdir(), "storage-contract-"))) },
  // scripts/s3.sh starts a real S3-compatible server (Versity S3 Gateway); .ci/run always does.
  ...(s3
    ? [
        {
          name: "S3-compatible bucket",
          make: () =>
            s3Storage({
              endpoint: s3,
              region: process.env.S3_REGION ?? "us-east-1",
              bucket: process.env.S3_BUCKET!,
              accessKeyId: process.env.S3_ACCESS_KEY_ID!,
              secretAccessKey: process.env.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: true,
              prefix: `contract-${randomBytes(4).toString("hex")}/`,
            }),
        },
      ]
    : []),
];

for (const backend of backends) {
  describe(`media storage on ${backend.name}`, () => {
    let storage: MediaStorage;
    let scratch: string;
    const local = (name: string, content: string) => {
      const path = join(scratch, name);
      writeFileSync(path, content);
      return path;
    };

    beforeEach(() => {
      storage = backend.make();
      scratch = mkdtempSync(join(tmpdir(), "storage-scratch-"));
    });
    afterEach(() => rmSync(scratch, { recursive: true, force: true }));

    it("takes a local file over at a key, and reads it back whole and by byte range", async () => {
      const source = local("a.txt", "0123456789");
      await storage.put("media_attachments/files/1/original/1.txt", source);
      assert.throws(() => readFileSync(source), /ENOENT/, "the local file is taken over");
      const whole = await storage.open("media_attachments/files/1/original/1.txt");
      assert.equal(whole?.size, 10);
      assert.equal(await text(whole!.stream), "0123456789");
      const part = await storage.open("media_attachments/files/1/original/1.txt", { start: 2, end: 5 });
      assert.equal(part?.size, 10, "size is the whole object's");
      assert.equal(await text(part!.stream), "2345");
    });

    it("copies an object to a local file for tools that need a path", async () => {
      await storage.put("x/y.bin", local("y.bin", "payload"));
      const target = join(scratch, "copy.bin");
      await storage.copyToFile("x/y.bin", target);
      assert.equal(readFileSync(target, "utf8"), "payload");
    });

    it("tells whether a key exists, and answers undefined for a missing one", async () => {
      assert.equal(await storage.exists("none/here.png"), false);
      assert.equal(await storage.open("none/here.png"), undefined);
      await storage.put("some/here.png", local("h.png", "h"));
      assert.equal(await storage.exists("some/here.png"), true);
    });

    it("deletes objects, missing ones included", async () => {
      await storage.put("d/1.txt", local("1.txt", "1"));
      await storage.put("d/2.txt", local("2.txt", "2"));
      await storage.delete(["d/1.txt", "d/2.txt", "d/never.txt"]);
      assert.equal(await storage.exists("d/1.txt"), false);
      assert.equal(await storage.exists("d/2.txt"), false);
    });

    it("refuses keys that would escape the store", async () => {
      assert.equal(await storage.open("../etc/passwd"), undefined);
      assert.equal(await storage.exists("a/../../b"), false);
      await assert.rejects(storage.put("../escape.txt", local("e.txt", "e")), /unsafe storage key/);
    });
  });
}
