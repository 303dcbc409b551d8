import type { AsyncHandlers } from "@starling/runtime";
import type { TranslationServiceServer } from "@starling/proto/statuses/v1/translation";
import { translateStatus, type TranslationDeps } from "../use-cases/translate-status.ts";
import { callerOf } from "./caller-of.ts";

/** TranslationService: decode → use case → encode. */
export function translationHandlers(deps: TranslationDeps): AsyncHandlers<TranslationServiceServer> {
  return {
    async translateStatus(request, ctx) {
      return { translation: await translateStatus(deps, callerOf(ctx), { id: request.id, lang: request.lang?.trim() || undefined }) };
    },
    async getTranslationSettings() {
      return { enabled: deps.translator !== undefined };
    },
  };
}
