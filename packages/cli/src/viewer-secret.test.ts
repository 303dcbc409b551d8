import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { viewerSecret } from "./viewer-secret.ts";

describe("viewer secret of the embedded mode", () => {
  let dataDir: string;
  let file: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "starling-secret-"));
    file = join(dataDir, "secrets", "viewer-token-secret");
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is generated once into DATA_DIR, long enough and readable only by its owner", () => {
    const secret = viewerSecret(dataDir, undefined);
    assert.ok(secret.length >= 32, secret);
    assert.equal(readFileSync(file, "utf8"), secret);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it("is reused on later starts so the server and the CLI agree", () => {
    const first = viewerSecret(dataDir, undefined);
    assert.equal(viewerSecret(dataDir, undefined), first);
    assert.notEqual(viewerSecret(mkdtempSync(join(dataDir, "other-")), undefined), first);
  });

  it("comes from the environment when set, and then nothing is written", () => {
    const fromEnv = "e".repeat(40);
    assert.equal(viewerSecret(dataDir, fromEnv), fromEnv);
    assert.equal(existsSync(file), false);
    viewerSecret(dataDir, undefined);
    assert.equal(viewerSecret(dataDir, fromEnv), fromEnv);
  });

  it("is replaced when the stored one was cut short", () => {
    mkdirSync(join(dataDir, "secrets"));
    writeFileSync(file, "");
    const secret = viewerSecret(dataDir, undefined);
    assert.ok(secret.length >= 32);
    assert.equal(readFileSync(file, "utf8"), secret);
  });
});
