// Tokenize a .pvl file with the extension's TextMate grammar (the same engine VS Code
// uses), printing one JSON array per line: [[text, "scope scope ..."], ...].
//   node tokenize.js FILE.pvl > tokens.json
"use strict";

const fs = require("fs");
const path = require("path");
const oniguruma = require("vscode-oniguruma");
const vsctm = require("vscode-textmate");

const wasm = fs.readFileSync(path.join(__dirname, "node_modules/vscode-oniguruma/release/onig.wasm")).buffer;
const grammarPath = path.join(__dirname, "..", "syntaxes", "pvl.tmLanguage.json");

async function main() {
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === "source.pvl"
        ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath)
        : null,
  });
  const grammar = await registry.loadGrammar("source.pvl");
  const lines = fs.readFileSync(process.argv[2], "utf8").split("\n");
  let state = vsctm.INITIAL;
  const out = [];
  for (const line of lines) {
    const result = grammar.tokenizeLine(line, state);
    out.push(result.tokens.map((t) => [line.substring(t.startIndex, t.endIndex), t.scopes.join(" ")]));
    state = result.ruleStack;
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
