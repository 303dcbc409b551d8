import assert from "node:assert/strict";
import { escapeHtml, hiddenFields, html, page } from "./html.ts";
import { describeScope } from "./views.ts";

describe("page HTML", () => {
  it("escapes every interpolated value, including quotes that would end an attribute", () => {
    const name = `"><script>alert('x')</script>&`;
    assert.equal(html`<p title="${name}">${name}</p>`.value, '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>');
    assert.equal(escapeHtml("`a`"), "&#96;a&#96;");
  });

  it("inserts nested fragments and arrays of them as markup, and drops empty values", () => {
    const items = ["a<b", "c"].map((s) => html`<li>${s}</li>`);
    assert.equal(html`<ul>${items}</ul>${undefined}${null}${false}`.value, "<ul><li>a&lt;b</li><li>c</li></ul>");
  });

  it("carries form fields as escaped hidden inputs, leaving out blank ones", () => {
    assert.equal(hiddenFields({ state: 'x"y', scope: "", code: undefined }).value, '<input type="hidden" name="state" value="x&quot;y">');
  });

  it("wraps a body in a complete document with an escaped title", () => {
    const doc = page("<Sign in>", html`<p>hi</p>`);
    assert.match(doc, /^<!DOCTYPE html><html lang="en">/);
    assert.match(doc, /<title>&lt;Sign in&gt;<\/title>/);
    assert.match(doc, /<main><p>hi<\/p><\/main>/);
  });

  it("describes broad scopes in words and narrow ones by their subject", () => {
    assert.equal(describeScope("read"), "Read all of your account's data");
    assert.equal(describeScope("read:notifications"), "Read your notifications");
    assert.equal(describeScope("write:media"), "Change your media");
    assert.equal(describeScope("admin:read:accounts"), "Read the accounts of every account on the server");
  });
});
