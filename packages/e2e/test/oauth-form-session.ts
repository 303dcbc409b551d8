// A browser without a browser: follows the gateway's sign-in and consent forms with fetch, carrying
// the session cookie and reading hidden fields, for flows where a real browser adds nothing.
import assert from "node:assert/strict";

/** One page as fetched: status, body, and where a redirect points. */
export interface Fetched {
  status: number;
  text: string;
  location: string | undefined;
}

/** The hidden and filled fields of the first form on a page (or the one posting to `action`). */
export function formFields(page: string, action?: string): Record<string, string> {
  const forms = [...page.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)];
  const form = action ? forms.find((f) => f[1] === action && !f[2]!.includes('name="_method"')) : forms[0];
  assert.ok(form, `no form${action ? ` posting to ${action}` : ""} on the page`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[input[1]!] = decode(input[2]!);
  return fields;
}

const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#96;/g, "`").replace(/&amp;/g, "&");

/** Fetches with one cookie jar and no automatic redirects. */
export class BrowserlessSession {
  private cookie = "";

  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get(url: string): Promise<Fetched> {
    return this.send(url, { method: "GET" });
  }

  post(path: string, form: Record<string, string>): Promise<Fetched> {
    return this.send(path, { method: "POST", body: new URLSearchParams(form) });
  }

  /** Opens an authorize URL, signs in on the form it shows, and follows back to the consent page. */
  async signInThrough(authorizeUrl: string, email: string, password: string): Promise<Fetched> {
    const form = await this.get(authorizeUrl);
    assert.equal(form.status, 200);
    const signedIn = await this.post("/auth/sign_in", { ...formFields(form.text), email, password });
    assert.equal(signedIn.status, 303, signedIn.text);
    const consent = await this.get(signedIn.location!);
    assert.match(consent.text, /Authorization required/);
    return consent;
  }

  private async send(url: string, init: RequestInit): Promise<Fetched> {
    const res = await fetch(new URL(url, this.baseUrl), { ...init, redirect: "manual", headers: { cookie: this.cookie } });
    for (const set of res.headers.getSetCookie()) this.cookie = set.split(";")[0]!;
    return { status: res.status, text: await res.text(), location: res.headers.get("location") ?? undefined };
  }
}
