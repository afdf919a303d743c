// The VS Code client of the vercors-py language server: it starts `vercors-py lsp`
// (the command is the setting vercorsPy.serverCommand) over stdio for .pvl files.
// Diagnostics, hovers, go-to-definition, the outline, code lenses and progress come
// from the server; the server's commands vercorsPy.verify (behind the "▶ verify" lenses)
// and vercorsPy.stopVerification are registered by the language client itself under
// the same ids (registering them here too would clash); the palette commands below
// call them with the active .pvl editor's uri.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

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
      documentSelector: [
        { scheme: "file", language: "pvl" },
        { scheme: "untitled", language: "pvl" },
      ],
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
      if (!editor || editor.document.languageId !== "pvl" || !client) {
        return;
      }
      const result = await vscode.commands.executeCommand("vercorsPy.verify", editor.document.uri.toString());
      if (result && result.verdict) {
        vscode.window.setStatusBarMessage(`vercors-py: ${result.verdict}, ${result.errors} error(s)`, 5000);
      }
    }),
    vscode.commands.registerCommand("vercorsPy.stopFile", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== "pvl") {
        vscode.window.setStatusBarMessage("vercors-py: no .pvl file is active", 5000);
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
