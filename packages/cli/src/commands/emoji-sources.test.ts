import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emojiSources } from "./emoji-sources.ts";

describe("emoji import sources", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "emoji-sources-"));
    mkdirSync(join(dir, "pack", "more"), { recursive: true });
    for (const name of ["pack/b.png", "pack/a.GIF", "pack/more/c.png", "pack/notes.txt", "outside.png"]) writeFileSync(join(dir, name), "x");
    symlinkSync(join(dir, "outside.png"), join(dir, "pack", "link.png"));
    execFileSync("tar", ["-czf", join(dir, "pack.tar.gz"), "-C", join(dir, "pack"), "."]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const names = (sources: { name: string }[]) => sources.map((s) => s.name);

  it("takes one .png or .gif file as it is", async () => {
    const { sources } = await emojiSources(join(dir, "outside.png"));
    assert.deepEqual(sources, [{ label: "outside.png", name: "outside", path: join(dir, "outside.png") }]);
  });

  it("takes the images of a folder and its sub-folders, leaving out other files and symbolic links", async () => {
    assert.deepEqual(names((await emojiSources(join(dir, "pack"))).sources), ["a", "b", "c"]);
  });

  it("unpacks a .tar.gz into a scratch folder that cleanup removes", async () => {
    const { sources, cleanup } = await emojiSources(join(dir, "pack.tar.gz"));
    assert.deepEqual(names(sources), ["a", "b", "c"]);
    await cleanup();
    assert.equal(existsSync(sources[0]!.path), false);
  });

  it("refuses a missing path, another kind of file and a broken archive", async () => {
    await assert.rejects(emojiSources(join(dir, "nothing-here")), /no such file or folder/);
    await assert.rejects(emojiSources(join(dir, "pack", "notes.txt")), /not a \.png or \.gif file/);
    writeFileSync(join(dir, "broken.tar.gz"), "not gzip");
    await assert.rejects(emojiSources(join(dir, "broken.tar.gz")), /could not be unpacked/);
  });
});
