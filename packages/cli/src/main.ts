#!/usr/bin/env node
// The starling command, like Mastodon's tootctl.
import { accountsApproveCommand } from "./commands/accounts-approve.ts";
import { accountsCreateCommand } from "./commands/accounts-create.ts";
import { accountsDeleteCommand } from "./commands/accounts-delete.ts";
import { accountsSuspensionCommand } from "./commands/accounts-suspend.ts";
import { emojiImportCommand } from "./commands/emoji-import.ts";
import { federationDeliveriesCommand } from "./commands/federation-deliveries.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { startCommand } from "./commands/start.ts";

const COMMANDS: Record<string, (argv: string[]) => Promise<void>> = {
  start: () => startCommand(),
  migrate: () => migrateCommand(),
  "accounts create": (argv) => accountsCreateCommand(argv),
  "accounts approve": (argv) => accountsApproveCommand(argv),
  "accounts suspend": accountsSuspensionCommand("suspend"),
  "accounts unsuspend": accountsSuspensionCommand("unsuspend"),
  "accounts delete": (argv) => accountsDeleteCommand(argv),
  "emoji import": (argv) => emojiImportCommand(argv),
  "federation deliveries": (argv) => federationDeliveriesCommand(argv),
  // `pnpm starling federation` alone shows the deliveries view, the one federation command.
  federation: (argv) => federationDeliveriesCommand(argv),
};

const HELP = `usage: starling <command>
  start                      run every service in this process (embedded by default)
  migrate                    run every service's database migrations
  accounts create USERNAME --email EMAIL [--confirmed] [--role Owner|Admin|Moderator]
  accounts approve USERNAME     approve a sign-up waiting for approval
  accounts suspend USERNAME     suspend a local account
  accounts unsuspend USERNAME   lift its suspension
  accounts delete USERNAME      delete a local account (its username stays reserved)
  emoji import PATH [--category NAME] [--prefix P] [--suffix S] [--overwrite] [--unlisted]
                             import .png/.gif custom emojis: a file, a folder or a .tar.gz
  federation [deliveries] [--state pending|failed|dead] [--limit N]
                             outgoing deliveries not yet delivered, and failing hosts' circuits`;

const args = process.argv.slice(2);
const name = [args.slice(0, 2).join(" "), args[0] ?? ""].find((n) => n in COMMANDS);
const command = name === undefined ? undefined : COMMANDS[name];
if (name === undefined || !command) {
  console.error(HELP);
  process.exit(args.length ? 64 : 0);
}
try {
  await command(args.slice(name.split(" ").length));
  if (name !== "start") process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
