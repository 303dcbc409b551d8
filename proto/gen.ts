// Generates TypeScript for every .proto under starling/ with ts-proto, through the protoc binary that the
// `protoc` npm package ships (grpc-tools cannot install on our machines). Output goes to gen/, which is
// not committed: `pnpm install` runs this.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync, mkdirSync } from "node:fs";
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

const out = join(here, "gen");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// int64 fields are counts, durations and sizes only (ids are proto strings, since they pass 2^53), so
// they are plain numbers; decoding refuses a value past Number.MAX_SAFE_INTEGER rather than round it.
const options = [
  "esModuleInterop=true",
  "outputServices=grpc-js",
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
console.log(`proto: generated ${files.length} files into gen/`);
