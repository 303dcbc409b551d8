import { z } from "zod";
import type { Translation } from "@starling/proto/statuses/v1/translation";
import type { Route, RouteContext } from "../http/route.ts";
import { choiceParam, idParam } from "../http/params.ts";
import { as } from "./account-list-parts.ts";

const translateInput = z.object({ id: idParam, lang: choiceParam });

/** Mastodon 4.0's Translation entity (reference §4.17). */
const presentTranslation = (_ctx: RouteContext, t: Translation) => ({ content: t.content, detected_source_language: t.detectedSourceLanguage, provider: t.provider });

/** Translating a status through the configured backend (reference §1.5; 404 unconfigured, 403 unsupported pair, 503 backend errors). */
export const translationRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/statuses/:id/translate",
    auth: "app",
    scopes: ["read", "read:statuses"],
    input: translateInput,
    call: async (ctx, input: z.infer<typeof translateInput>) => (await ctx.clients.translation.translateStatus({ id: input.id, lang: input.lang }, as(ctx))).translation!,
    present: presentTranslation,
  },
];
