import { z } from "zod";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { GatewayConfig } from "../config.ts";
import { describeIssue } from "../http/bind-route.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import type { UploadLimits } from "../http/multipart-upload.ts";
import { boolParam, int32Param, textParam } from "../http/params.ts";
import type { Route, RouteContext } from "../http/route.ts";
import { hydrateAccounts, presentAccounts, presentCredentialAccount } from "../presenters/account.ts";
import { readProfileForm } from "./profile-form.ts";
import { searchAccountsResolving } from "./search-routes.ts";
import { fieldsAttributes, nestBracketKeys } from "./profile-params.ts";

const fieldsParam = z.unknown().transform((raw, ctx) => {
  try {
    return fieldsAttributes(raw);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

const updateCredentialsFields = z.object({
  display_name: textParam.optional(),
  note: textParam.optional(),
  locked: boolParam.optional(),
  bot: boolParam.optional(),
  discoverable: boolParam.optional(),
  // Mastodon 4.2: lets anyone find the public posts by full-text search.
  indexable: boolParam.optional(),
  fields_attributes: fieldsParam.optional(),
  source: z
    .object({ privacy: z.string().optional(), sensitive: boolParam.optional(), language: z.string().nullable().optional() })
    .optional(),
  // Images arrive as multipart files (see readProfileForm); any other value is refused.
  avatar: z.undefined({ error: "must be a file" }).optional(),
  header: z.undefined({ error: "must be a file" }).optional(),
});
const updateCredentials = z.preprocess(nestBracketKeys, updateCredentialsFields);
type UpdateCredentials = z.infer<typeof updateCredentials>;

/** Validates update_credentials parameters; 422 listing what is wrong. */
function parseUpdate(params: Record<string, unknown>): UpdateCredentials {
  const parsed = updateCredentials.safeParse(params);
  if (!parsed.success) throw new HttpError(422, `Validation failed: ${parsed.error.issues.map(describeIssue).join(", ")}`);
  return parsed.data;
}

// Avatar and header, the text fields as multipartFields allows them; the media service cuts each file at 2 MB.
const profileLimits = (config: GatewayConfig): UploadLimits => ({ fileBytes: config.MEDIA_UPLOAD_MAX_BYTES, files: 2, fields: 200, fieldBytes: 100_000 });

const lookup = z.object({ acct: z.string().min(1) });
const search = z.object({
  q: z.string(),
  limit: int32Param.optional(),
  offset: int32Param.min(0).optional(),
  following: boolParam.optional(),
  resolve: boolParam.optional(),
});

const updateRoute = (method: "patch" | "put"): Route => ({
  method,
  path: "/api/v1/accounts/update_credentials",
  auth: "user",
  scopes: ["write", "write:accounts"],
  // The body streams (avatar and header go to the media service as they arrive); query parameters count too, as in Rails.
  input: z.looseObject({}),
  upload: profileLimits,
  uploadBody: { fields: updateCredentialsFields, files: ["avatar", "header"] },
  call: async (ctx, query: Record<string, unknown>) => {
    const form = await readProfileForm(ctx, (params) => parseUpdate({ ...query, ...params }));
    const input = parseUpdate({ ...query, ...form.params });
    return ctx.clients.profiles.updateCredentials(
      {
        displayName: input.display_name,
        note: input.note,
        locked: input.locked,
        bot: input.bot,
        discoverable: input.discoverable,
        indexable: input.indexable,
        fields: input.fields_attributes && { fields: input.fields_attributes },
        privacy: input.source?.privacy,
        sensitive: input.source?.sensitive,
        language: input.source?.language === null ? "" : input.source?.language,
        avatar: form.images.avatar,
        header: form.images.header,
      },
      { viewerToken: ctx.viewerToken },
    );
  },
  present: async (ctx, r) => {
    const { moved, emojis } = await hydrateAccounts(ctx, [r.account!]);
    return presentCredentialAccount(r.account!, r.source, r.role, ctx.baseUrl, moved, emojis);
  },
});

/** Profile editing, lookup, search and preferences (reference §1.4, §1.21). */
export const profileRoutes: Route[] = [
  // Mastodon 4.0 routes PATCH; PUT is what the spec names, so both are served.
  updateRoute("patch"),
  updateRoute("put"),
  {
    method: "get",
    path: "/api/v1/accounts/lookup",
    auth: "optional",
    scopes: ["read", "read:accounts"],
    input: lookup,
    call: (ctx, input: z.infer<typeof lookup>) => ctx.clients.profiles.lookupAccount({ acct: input.acct }, { viewerToken: ctx.viewerToken }),
    present: async (ctx, r) => (await presentAccounts(ctx, [r.account!]))[0],
  },
  {
    method: "get",
    path: "/api/v1/accounts/search",
    auth: "user",
    scopes: ["read", "read:accounts"],
    input: search,
    call: (ctx, input: z.infer<typeof search>) => searchAccountsResolving(ctx, input),
    present: (ctx, accounts: Account[]) => presentAccounts(ctx, accounts),
  },
  {
    method: "get",
    path: "/api/v1/preferences",
    auth: "user",
    scopes: ["read", "read:accounts"],
    input: z.object({}),
    call: (ctx: RouteContext) => ctx.clients.profiles.getPreferences({}, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => ({
      "posting:default:visibility": r.postingDefaultVisibility,
      "posting:default:sensitive": r.postingDefaultSensitive,
      "posting:default:language": r.postingDefaultLanguage ?? null,
      "reading:expand:media": r.readingExpandMedia,
      "reading:expand:spoilers": r.readingExpandSpoilers,
    }),
  },
];
