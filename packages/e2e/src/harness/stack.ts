import type { TestDnsServer, TestSmtpServer } from "@starling/testkit";
import { runNode } from "./processes.ts";

/** A running Starling the suites drive: its client URL and how to make accounts and stop it. */
export interface Stack {
  name: string;
  url: string;
  /** The server's process id, when the whole stack is one process (benchmarks read its memory). */
  pid?: number;
  /** The SMTP server the stack sends its e-mails to (the shared stacks); without it they go to the local mailbox. */
  smtp?: TestSmtpServer;
  /** The DNS server the stack's e-mail MX check asks (the shared stacks); suites add their own names to its zone. */
  dns?: TestDnsServer;
  /** The DATA_DIR of a one-process stack: its local mailbox is `mail/` in it (when no SMTP server is set). */
  dataDir?: string;
  /** What a one-process stack printed so far, stdout and stderr (the last 20 KB). */
  output?(): string;
  /** Where a stack on real servers keeps its data, for drivers that seed or inspect it directly (the bench). */
  infra?: StackInfra;
  /** The stack's PostgreSQL database (services' schemas inside), for drivers that seed it directly (the bench): the real server's or the embedded one's. */
  databaseUrl?: string;
  /** Runs `starling accounts create` against this stack and returns the printed password. */
  createAccount(username: string, email: string, extra?: string[]): Promise<string>;
  /** Runs `starling <args>` against this stack, as an operator would, and returns its output. */
  cli(args: string[]): Promise<string>;
  /** Stops one service, when the stack runs services as separate processes. */
  stopService?(name: string): Promise<void>;
  /** The processes serving the stack, by name (each service, or the one server), for drivers that read their CPU time (the bench). */
  processIds?(): Map<string, number>;
  /** The process id of a service, when the stack runs each under a supervisor (undefined while it restarts). */
  servicePid?(name: string): number | undefined;
  stop(): Promise<void>;
}

/** A production-like stack's own database and Redis key prefix on the shared real servers. */
export interface StackInfra {
  databaseUrl: string;
  redisUrl: string;
  /** Prepended to every Redis key the stack's services write. */
  redisKeyPrefix: string;
  /** The secret the services verify signed viewers with, for drivers that call a service directly (the bench's floor). */
  viewerTokenSecret: string;
  /** Each service's gRPC address (host:port), by service name. */
  grpcAddresses: Record<string, string>;
}

/** Runs the CLI's `accounts create` with `env` and returns the password from "New password: ...". */
export async function cliCreateAccount(env: Record<string, string | undefined>, username: string, email: string, extra: string[] = []): Promise<string> {
  const out = await runNode("packages/cli/src/main.ts", ["accounts", "create", username, "--email", email, "--confirmed", ...extra], env);
  const match = /^New password: (\S+)$/m.exec(out);
  if (!match?.[1]) throw new Error(`no password printed:\n${out}`);
  return match[1];
}
