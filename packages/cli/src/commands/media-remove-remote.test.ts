import assert from "node:assert/strict";
import { formatFreed, parseRemoveRemoteArgs } from "./media-remove-remote.ts";

describe("starling media remove-remote", () => {
  it("takes --days N, a week by default", () => {
    assert.deepEqual(parseRemoveRemoteArgs(["--days", "30"]), { days: 30 });
    assert.deepEqual(parseRemoveRemoteArgs(["--days=1"]), { days: 1 });
    assert.deepEqual(parseRemoveRemoteArgs([]), { days: 7 });
    assert.deepEqual(parseRemoveRemoteArgs(["--days", "0"]), { days: 0 }, "tootctl's --days 0: every copy");
  });

  it("refuses days that are not a whole number, and stray words", () => {
    for (const argv of [["--days", "-3"], ["--days", "1.5"], ["--days", "soon"], ["old"]]) {
      assert.throws(() => parseRemoveRemoteArgs(argv), /usage: starling media remove-remote/, argv.join(" "));
    }
  });

  it("prints the files and bytes freed", () => {
    assert.equal(formatFreed({ files: 4, bytes: 3145728 }), "Removed 4 cached files of remote media, freeing 3145728 bytes (3.0 MB).");
  });
});
