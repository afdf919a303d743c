// The VS Code client of the vercors-py language server: it starts `vercors-py lsp`
// (the command is the setting vercorsPy.serverCommand) over stdio for .pvl files and
// for CUDA (.cu, .cuh) and OpenCL (.cl) files, with their contracts in /*@ ... @*/.
// Diagnostics, hovers, go-to-definition, the outline, code lenses and progress come
// from the server; the server's commands vercorsPy.verify (behind the "▶ verify" lenses)
// and vercorsPy.stopVerification are registered by the language client itself under
// the same ids (registering them here too would clash); the palette commands below
// call them with the active kernel file's uri.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

// The language ids served: pvl (this extension's), cuda-cpp (VS Code's own id for CUDA),
// cuda (older CUDA extensions) and opencl (this extension's, and the OpenCL extension's).
const LANGUAGES = ["pvl", "cuda-cpp", "cuda", "opencl"];
// C files by name too, whatever language mode they are in; the server picks the front
// end by the suffix (by the language id for an untitled document).
const PATTERNS = ["**/*.cu", "**/*.cuh", "**/*.cl"];
const DOCUMENT_SELECTOR = [
  ...LANGUAGES.flatMap((language) => [
    { scheme: "file", language },
    { scheme: "untitled", language },
  ]),
  ...PATTERNS.map((pattern) => ({ scheme: "file", pattern })),
];

// Whether the server checks this document (the palette commands act on it).
function served(document) {
  return vscode.languages.match(DOCUMENT_SELECTOR, document) > 0;
}

function serverOptions() {
  const command = vscode.workspace.getConfiguration("vercorsPy").get("serverCommand") || ["vercors-py", "lsp"];
  return { command: command[0], args: command.slice(1) };
}

function start(context) {
  client = new LanguageClient(
    "vercorsPy",
    "vercors-py",
    serverOptions(),
    {
      documentSelector: DOCUMENT_SELECTOR,
      // The server reads vercorsPy.* through workspace/configuration and reads it again
      // when this section changes.
      synchronize: { configurationSection: "vercorsPy" },
    }
  );
  return client.start();
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("vercorsPy.verifyFile", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !served(editor.document) || !client) {
        return;
      }
      const result = await vscode.commands.executeCommand("vercorsPy.verify", editor.document.uri.toString());
      if (result && result.verdict) {
        vscode.window.setStatusBarMessage(`vercors-py: ${result.verdict}, ${result.errors} error(s)`, 5000);
      }
    }),
    vscode.commands.registerCommand("vercorsPy.stopFile", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !served(editor.document)) {
        vscode.window.setStatusBarMessage("vercors-py: no .pvl, .cu, .cuh or .cl file is active", 5000);
        return;
      }
      if (!client) {
        return;
      }
      const name = editor.document.uri.path.split("/").pop();
      let result;
      try {
        // answers {"stopped": n}, the number of verifications stopped (0 or 1 for one uri)
        result = await vscode.commands.executeCommand("vercorsPy.stopVerification", editor.document.uri.toString());
      } catch (error) {
        vscode.window.showErrorMessage(`vercors-py: could not stop the verification of ${name}: ${error.message || error}`);
        return;
      }
      const stopped = result && typeof result.stopped === "number" ? result.stopped : 0;
      vscode.window.setStatusBarMessage(
        stopped > 0 ? `vercors-py: stopped verifying ${name}` : `vercors-py: ${name} was not being verified`,
        5000
      );
    }),
    vscode.commands.registerCommand("vercorsPy.restartServer", async () => {
      if (client) {
        await client.stop();
      }
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("vercorsPy.serverCommand") && client) {
        await client.stop();
        await start(context);
      }
    })
  );
  await start(context);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
