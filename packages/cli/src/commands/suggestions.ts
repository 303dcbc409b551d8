import { accountsEnv, startAccountsService } from "@starling/accounts";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { SuggestionsServiceClient } from "@starling/proto/trends/v1/suggestions";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { startTrendsService, trendsEnv } from "@starling/trends";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling suggestions add USERNAME | suggestions remove USERNAME | suggestions list";

/**
 * `starling suggestions add|remove|list`: the staff picks every new account is suggested to follow,
 * managed as the Owner through the trends service (the running one, or one started here).
 */
export function suggestionsCommand(action: "add" | "list" | "remove"): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const name = argv[0]?.replace(/^@/, "");
    if (action !== "list" && !name) throw new Error(USAGE);
    const reached = await reachServices({
      accounts: { addressSetting: "ACCOUNTS_GRPC_URL", startHere: (env, context, infra) => startAccountsService(accountsEnv.parse(env), context, infra, { relay: false, consumers: false }) },
      trends: {
        addressSetting: "TRENDS_GRPC_URL",
        startHere: (env, context, infra, before) => startTrendsService(trendsEnv.parse({ ...env, ACCOUNTS_GRPC_URL: before.accounts }), context, infra, { relay: false }),
      },
    });
    const options = { deadlineMs: 15_000 };
    const profiles = connectService(ProfilesServiceClient, reached.addresses.accounts, options);
    const accounts = connectService(AccountsServiceClient, reached.addresses.accounts, options);
    const suggestions = connectService(SuggestionsServiceClient, reached.addresses.trends, options);
    try {
      const viewerToken = await signViewer(reached.secret, { accountId: "0", role: OPERATOR_ROLE, scopes: ["admin:read", "admin:write"] });
      const picks =
        action === "list"
          ? await suggestions.listStaffPicks({}, { viewerToken })
          : await (async () => {
              const { account } = await profiles.lookupAccount({ acct: name! }).catch(() => ({ account: undefined }));
              if (!account) throw new Error(`no account named ${name}`);
              const request = { accountId: account.id };
              return action === "add" ? suggestions.addStaffPick(request, { viewerToken }) : suggestions.removeStaffPick(request, { viewerToken });
            })();
      const { accounts: picked } = await accounts.getAccounts({ ids: picks.accountIds });
      for (const account of picked) console.log(`${account.id}\t${account.domain ? `${account.username}@${account.domain}` : account.username}`);
      if (action !== "list") console.log("OK");
    } finally {
      [profiles, accounts, suggestions].forEach((client) => client.close());
      await reached.stop();
    }
  };
}
