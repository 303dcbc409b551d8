import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { REPO_ROOT } from "../src/harness/processes.ts";

/** Runs a command from the repository root and reports how it ended. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

/** A folder of links to the named commands, which the user nobody may read (mkdtemp makes it 0700). */
async function binOf(links: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "starling-setup-path-"));
  await chmod(dir, 0o755);
  for (const [name, target] of Object.entries(links)) await symlink(target, join(dir, name));
  return dir;
}

/** Where `name` is on this machine's PATH, if anywhere. */
const onPath = (name: string) => (process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, name)).find((path) => existsSync(path));

// The README's test command does its own set-up (scripts/test.sh runs scripts/test-setup.sh first).
// Here as the user nobody (setpriv), with a PATH of only the commands the script runs: ffmpeg is
// missing and apt-get needs root, which this user has no way to get.
describe("the test command's set-up, for a user without root on a machine without ffmpeg", function () {
  this.timeout(60_000);
  let bin: string;
  const asNobody = () => run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i", `PATH=${bin}`, "HOME=/tmp", "bash", "scripts/test-setup.sh"], process.env);
  before(async function () {
    if (process.getuid?.() !== 0 || !onPath("setpriv")) return this.skip(); // only root can become nobody
    bin = await binOf(Object.fromEntries(["bash", "id", "dirname", "grep", "tail", "mkdir", "env", "apt-get"].map((name) => [name, onPath(name)!])));
  });
  after(() => bin && rm(bin, { recursive: true, force: true }));

  it("installs nothing, prints the exact command that would (through su, as there is no sudo) and fails", async () => {
    const { code, stdout, stderr } = await asNobody();
    assert.equal(code, 1, stderr);
    assert.equal(stdout, "");
    const [said, command, ...rest] = stderr.trimEnd().split("\n");
    assert.match(said!, /^test set-up: the tests need ffmpeg( \S+)* from Debian's packages, which needs root\. Run this, then pnpm test again:$/);
    assert.match(command!, /^ {2}su -c 'apt-get update && apt-get install -y --no-install-recommends ffmpeg( [a-z0-9.-]+)*'$/);
    assert.deepEqual(rest, []);
  });
});
