import { invalidArgument } from "@starling/runtime";
import type { Focus } from "../domain/media-attachment.ts";
import { DESCRIPTION_LIMIT, parseFocus } from "../domain/media-rules.ts";

/** Description and focus as the API sends them; undefined leaves a value unchanged. */
export interface EditsInput {
  description?: string | undefined;
  focus?: string | undefined;
}

/** Validated edits: an empty description clears it (null); an empty focus is ignored. */
export interface Edits {
  description?: string | null;
  focus?: Focus;
}

/** Validates description (≤ 1500 characters) and focus ("x,y" in -1..1). */
export function validateEdits(input: EditsInput): Edits {
  const edits: Edits = {};
  if (input.description !== undefined) {
    if ([...input.description].length > DESCRIPTION_LIMIT) throw invalidArgument(`Validation failed: Description is too long (maximum is ${DESCRIPTION_LIMIT} characters)`);
    edits.description = input.description.trim() === "" ? null : input.description;
  }
  if (input.focus !== undefined && input.focus.trim() !== "") {
    const focus = parseFocus(input.focus);
    if (!focus) throw invalidArgument("Validation failed: Focus must be two numbers between -1.0 and 1.0, as x,y");
    edits.focus = focus;
  }
  return edits;
}
