// Generates TypeScript for every .proto under starling/ with ts-proto, through the protoc binary that the
// `protoc` npm package ships (grpc-tools cannot install on our machines). Output goes to gen/, which is
// not committed: `pnpm install` runs this.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createRequire } from "node:module";

const here = import.meta.dirname;
const require = createRequire(import.meta.url);
const protocDir = join(require.resolve("protoc/package.json"), "..");
const protoc = join(here, "node_modules", ".bin", "protoc");
const plugin = join(here, "node_modules", ".bin", "protoc-gen-ts_proto");

function protoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? protoFiles(join(dir, e.name)) : e.name.endsWith(".proto") ? [join(dir, e.name)] : [],
  );
}

function generatedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? generatedFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

const out = join(here, "gen");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// int64 fields are counts, durations and sizes only (ids are proto strings, since they pass 2^53), so
// they are plain numbers; decoding refuses a value past Number.MAX_SAFE_INTEGER rather than round it.
const options = [
  "esModuleInterop=true",
  "outputServices=grpc-js",
  "outputServices=generic-definitions",
  "importSuffix=.ts",
  "enumsAsLiterals=true",
  "env=node",
  "useDate=true",
  "forceLong=number",
  "stringEnums=true",
  "useOptionals=messages",
  "unrecognizedEnum=false",
].join(",");
const files = protoFiles(join(here, "starling")).map((f) => relative(here, f));
execFileSync(protoc, [`--plugin=protoc-gen-ts_proto=${plugin}`, `--ts_proto_out=${out}`, `--ts_proto_opt=${options}`, "-I", here, "-I", join(protocDir, "include"), ...files], {
  stdio: "inherit",
  cwd: here,
});

// Services in one process pass messages through `fromJSON` instead of the wire (copyMessage in
// @starling/runtime): it builds a new message and coerces each value as encoding would (a count
// read from PostgreSQL as a string becomes a number). Two of ts-proto's helpers would still hand
// back the caller's Date and misread a byte array (they expect JSON's text), so they copy instead.
const copyingHelpers = [
  {
    helper: "function fromJsonTimestamp(",
    from: "  if (o instanceof globalThis.Date) {\n    return o;\n",
    to: "  if (o instanceof globalThis.Date) {\n    return new globalThis.Date(o.getTime());\n",
  },
  {
    helper: "function bytesFromBase64(",
    from: 'function bytesFromBase64(b64: string): Uint8Array {\n  return Uint8Array.from(globalThis.Buffer.from(b64, "base64"));\n',
    to: 'function bytesFromBase64(b64: string | Uint8Array): Uint8Array {\n  return Uint8Array.from(typeof b64 === "string" ? globalThis.Buffer.from(b64, "base64") : b64);\n',
  },
];
for (const file of generatedFiles(out)) {
  let text = readFileSync(file, "utf8");
  for (const { helper, from, to } of copyingHelpers) {
    if (!text.includes(helper)) continue;
    if (!text.includes(from)) throw new Error(`${file}: ts-proto's ${helper}) changed; update copyingHelpers in gen.ts`);
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
}
console.log(`proto: generated ${files.length} files into gen/`);
