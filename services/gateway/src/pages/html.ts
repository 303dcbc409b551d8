/**
 * Server-rendered HTML without a framework: a tagged template that escapes every interpolated value
 * unless it is already markup made by this module.
 */

/** Markup that is safe to insert as is (built by `html`). */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

type Interpolated = SafeHtml | string | number | boolean | null | undefined | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\``: text is escaped, nested `html` fragments and arrays of them are not. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]!) : ""), ""));
}

/** Hidden inputs carrying fields through a form, in order. */
export function hiddenFields(fields: Record<string, string | undefined>): SafeHtml {
  return html`${Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f4f8;color:#1f232b;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:8px;padding:1.5rem 2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.55rem 1.1rem;font-size:1rem;border-radius:4px;border:1px solid #5956e0;background:#5956e0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#5956e0}.error{color:#b3261e}.code{font-family:monospace;font-size:1.1rem;word-break:break-all;padding:.6rem;background:#eef}
ul.scopes{padding-left:1.2rem}form.inline{display:inline}`;

/** A whole page: the document shell around `body`. */
export function page(title: string, body: SafeHtml): string {
  return `<!DOCTYPE html>${html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head><body><main>${body}</main></body></html>`}`;
}
