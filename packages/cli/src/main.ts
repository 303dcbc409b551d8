#!/usr/bin/env node
// The starling command, like Mastodon's tootctl.
import { enableCompileCache } from "node:module";

// Node keeps the compiled (type-stripped) modules in its compile cache (in the system's temporary
// directory), so a start after the first skips most of the parsing. Commands are imported when run,
// after this, and only the one that runs is loaded.
enableCompileCache();

const COMMANDS: Record<string, (argv: string[]) => Promise<void>> = {
  start: async () => (await import("./commands/start.ts")).startCommand(),
  migrate: async () => (await import("./commands/migrate.ts")).migrateCommand(),
  "accounts create": async (argv) => (await import("./commands/accounts-create.ts")).accountsCreateCommand(argv),
  "accounts approve": async (argv) => (await import("./commands/accounts-approve.ts")).accountsApproveCommand(argv),
  "accounts suspend": async (argv) => (await import("./commands/accounts-suspend.ts")).accountsSuspensionCommand("suspend")(argv),
  "accounts unsuspend": async (argv) => (await import("./commands/accounts-suspend.ts")).accountsSuspensionCommand("unsuspend")(argv),
  "accounts delete": async (argv) => (await import("./commands/accounts-delete.ts")).accountsDeleteCommand(argv),
  "rules add": async (argv) => (await import("./commands/rules.ts")).rulesCommand("add")(argv),
  "rules list": async (argv) => (await import("./commands/rules.ts")).rulesCommand("list")(argv),
  "rules remove": async (argv) => (await import("./commands/rules.ts")).rulesCommand("remove")(argv),
  "announcements create": async (argv) => (await import("./commands/announcements.ts")).announcementsCommand("create")(argv),
  "announcements list": async (argv) => (await import("./commands/announcements.ts")).announcementsCommand("list")(argv),
  "announcements delete": async (argv) => (await import("./commands/announcements.ts")).announcementsCommand("delete")(argv),
  "settings get": async (argv) => (await import("./commands/settings.ts")).settingsCommand("get")(argv),
  "settings set": async (argv) => (await import("./commands/settings.ts")).settingsCommand("set")(argv),
  "suggestions add": async (argv) => (await import("./commands/suggestions.ts")).suggestionsCommand("add")(argv),
  "suggestions list": async (argv) => (await import("./commands/suggestions.ts")).suggestionsCommand("list")(argv),
  "suggestions remove": async (argv) => (await import("./commands/suggestions.ts")).suggestionsCommand("remove")(argv),
  "emoji import": async (argv) => (await import("./commands/emoji-import.ts")).emojiImportCommand(argv),
  "media remove-remote": async (argv) => (await import("./commands/media-remove-remote.ts")).mediaRemoveRemoteCommand(argv),
  "federation deliveries": async (argv) => (await import("./commands/federation-deliveries.ts")).federationDeliveriesCommand(argv),
  "accounts modify": async (argv) => (await import("./commands/roles.ts")).accountsModifyCommand(argv),
  "roles list": async () => (await import("./commands/roles.ts")).rolesListCommand(),
  // `pnpm starling federation` alone shows the deliveries view, the one federation command.
  federation: async (argv) => (await import("./commands/federation-deliveries.ts")).federationDeliveriesCommand(argv),
  "trends refresh": async () => (await import("./commands/trends-refresh.ts")).trendsRefreshCommand(),
};

const HELP = `usage: starling <command>
  start                      run every service in this process (embedded by default)
  migrate                    run every service's database migrations
  accounts create USERNAME --email EMAIL [--confirmed] [--role ROLE]
  accounts approve USERNAME     approve a sign-up waiting for approval
  accounts suspend USERNAME     suspend a local account
  accounts unsuspend USERNAME   lift its suspension
  accounts delete USERNAME      delete a local account (its username stays reserved)
  rules add TEXT [--hint H] [--priority N]
                             add a server rule (shown at /api/v1/instance/rules)
  rules list                 the server rules: id, priority, text (hint)
  rules remove ID            remove a server rule
  announcements create TEXT [--starts-at T --ends-at T [--all-day]] [--scheduled-at T]
                             announce to every user (published at once, or at --scheduled-at)
  announcements list         every announcement: id, state, time range, text
  announcements delete ID    delete an announcement
  settings get [KEY]         the instance settings (title, contact_username, privacy_policy, registrations_mode, ...)
  settings set KEY VALUE     change one ("" clears a text setting)
  suggestions add USERNAME   suggest the account to every new user (a staff pick)
  suggestions list           the staff picks: id, handle
  suggestions remove USERNAME
                             stop suggesting it
  emoji import PATH [--category NAME] [--prefix P] [--suffix S] [--overwrite] [--unlisted]
                             import .png/.gif custom emojis: a file, a folder or a .tar.gz
  media remove-remote [--days N]
                             drop cached copies of remote media older than N days (default 7, 0 all)
  federation [deliveries] [--state pending|failed|dead] [--limit N]
                             outgoing deliveries not yet delivered, and failing hosts' circuits
  accounts modify USERNAME --role ROLE | --remove-role
                             give a local user a role (name or id), or take it away
  roles list                 the roles: id, position, name, permissions
  trends refresh             recompute trending tags, posts and links now (the scheduler does it every few minutes)`;

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
