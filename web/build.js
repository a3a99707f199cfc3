// Builds service/serve/play/editor.js from src/editor.js (`make
// play-assets`, or `npm run build` here). The banner names the sha256 of
// what the bundle is made from (package-lock.json, this file, src/), so
// play_editor_test.go can tell a committed bundle that is behind its
// sources without running npm.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

// sourcesHash must agree with sourcesHash in play_editor_test.go: each
// file's path (relative to web/), a NUL, its bytes, a NUL, in path order.
export function sourcesHash() {
  const files = ["build.js", "package-lock.json", ...readdirSync(join(here, "src")).filter((f) => f.endsWith(".js")).map((f) => "src/" + f)].sort();
  const h = createHash("sha256");
  for (const f of files) {
    h.update(f + "\0");
    h.update(readFileSync(join(here, f)));
    h.update("\0");
  }
  return h.digest("hex");
}

// licenses are the notices of the packages the bundle holds (each is
// MIT-licensed), appended as a comment: the bundle is how they ship.
function licenses(meta) {
  const pkgs = new Set();
  for (const input of Object.keys(meta.inputs)) {
    const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
    if (m) pkgs.add(m[1]);
  }
  let out = "";
  for (const name of [...pkgs].sort()) {
    const dir = join(here, "node_modules", name);
    const lic = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
    out += "\n" + name + " " + version + "\n" + (lic ? readFileSync(join(dir, lic), "utf8").replaceAll("*/", "* /").trim() : "(no license file)") + "\n";
  }
  return "/*! Bundled packages and their licenses:\n" + out + "*/\n";
}

const result = await build({
  entryPoints: [join(here, "src/editor.js")],
  outfile: join(here, "../service/serve/play/editor.js"),
  write: false,
  metafile: true,
  bundle: true,
  format: "iife",
  globalName: "RulehostEditor",
  target: ["es2020"],
  minify: true,
  legalComments: "eof",
  charset: "utf8",
  banner: { js: "// rulehost playground editor, built by `make play-assets` from web/ (do not edit): sources sha256 " + sourcesHash() },
  logLevel: "warning",
});
const [out] = result.outputFiles;
writeFileSync(out.path, out.text + licenses(result.metafile));
