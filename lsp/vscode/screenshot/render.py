"""Render docs/images/editor.png: what the VS Code client shows for a failing kernel.

VS Code cannot run on the machine where this project is built, so this is a rendering,
and says so in the picture: an HTML page laid out like the editor, filled with the real
output of the language server, photographed by headless Chromium.  Everything in it is
real except the frame:
- the text is examples/seed004-fig8-wrong-barrier-post.pvl, coloured by the extension's
  TextMate grammar through vscode-textmate (tokenize.js, the engine VS Code uses);
- the diagnostic (range, code, message, counterexample, related information), the code
  lenses and the hover on the barrier come from `vercors-py lsp`, driven over stdio by
  pygls' client exactly as an editor drives it.

    cd lsp/vscode/screenshot && npm install && ../../../.venv/bin/python render.py
"""
from __future__ import annotations

import asyncio
import html
import json
import pathlib
import subprocess
import sys

from lsprotocol import types
from pygls.lsp.client import LanguageClient

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
EXAMPLE = REPO / "examples" / "seed004-fig8-wrong-barrier-post.pvl"
OUT = REPO / "docs" / "images" / "editor.png"

THEME = [  # scope prefix -> colour, as in VS Code's Dark+ theme
    ("comment", "#6a9955"), ("keyword.other.header", "#6a9955"),
    ("storage.type.kernel", "#569cd6"), ("entity.name.type", "#4ec9b0"),
    ("entity.name.function", "#dcdcaa"), ("storage", "#569cd6"),
    ("keyword.control", "#c586c0"), ("keyword.other", "#c586c0"),
    ("support.function", "#dcdcaa"), ("constant.language", "#569cd6"),
    ("variable.language", "#9cdcfe"), ("constant.numeric", "#b5cea8"),
    ("keyword.operator", "#d4d4d4"), ("variable.other", "#9cdcfe"),
]


def colour(scopes: str) -> str:
    innermost = scopes.split()[-1]
    for prefix, value in THEME:
        if innermost.startswith(prefix):
            return value
    return "#d4d4d4"


async def server_output(text: str) -> dict:
    client = LanguageClient("render", "1")
    published: list[types.PublishDiagnosticsParams] = []
    done = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: types.PublishDiagnosticsParams):
        published.append(params)
        if params.diagnostics:
            done.set()

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def configuration(params):
        return [{"verifyOn": "save"} for _ in params.items]

    await client.start_io(sys.executable, "-m", "vercors_py", "lsp")
    caps = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(configuration=True),
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText])))
    await client.initialize_async(types.InitializeParams(capabilities=caps))
    client.initialized(types.InitializedParams())
    uri = EXAMPLE.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="pvl", version=1, text=text)))
    await asyncio.wait_for(done.wait(), 60)
    doc = types.TextDocumentIdentifier(uri=uri)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
    barrier_line = next(i for i, line in enumerate(text.split("\n")) if "barrier(" in line)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc, position=types.Position(line=barrier_line, character=6)))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"diagnostics": published[-1].diagnostics, "lenses": lenses, "hover": hover}


def page(text: str, tokens, out: dict) -> str:
    lines = text.split("\n")
    [d] = out["diagnostics"]
    r = d.range
    lens_by_line: dict[int, list[str]] = {}
    for lens in out["lenses"]:
        lens_by_line.setdefault(lens.range.start.line, []).append(lens.command.title)

    rows = []
    for n, line_tokens in enumerate(tokens[:len(lines)]):
        if n in lens_by_line:
            indent = len(lines[n]) - len(lines[n].lstrip())
            rows.append(f'<div class="lens"><span class="gutter"></span>{"&nbsp;" * indent}'
                        + " | ".join(html.escape(t) for t in lens_by_line[n]) + "</div>")
        col = 0
        cells = []
        for piece, scopes in line_tokens:
            for ch in piece:
                style = f'color:{colour(scopes)}'
                squiggle = n == r.start.line and r.start.character <= col < r.end.character
                cls = ' class="squiggle"' if squiggle else ""
                cells.append(f'<span style="{style}"{cls}>{html.escape(ch)}</span>')
                col += 1
        rows.append(f'<div class="line"><span class="gutter">{n + 1}</span>{"".join(cells)}</div>')
        if n == r.start.line:
            related = "".join(
                f'<div class="rel">{html.escape(ri.message)} — line {ri.location.range.start.line + 1}</div>'
                for ri in d.related_information or ())
            message = html.escape(d.message).replace("\n", "<br>")
            rows.append(f'<div class="hover" style="margin-left:{70 + 8.4 * r.start.character}px">'
                        f'<div class="msg">{message}</div>'
                        f'<div class="code">vercors-py({html.escape(str(d.code))})</div>{related}</div>')
    problems = (f'<div class="problem"><span class="err">⊗</span> {html.escape(d.message.splitlines()[0])} '
                f'<span class="dim">vercors-py({html.escape(str(d.code))}) [Ln {r.start.line + 1}, Col {r.start.character + 1}]</span></div>')
    hover = html.escape(out["hover"].contents.value if out["hover"] else "")
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; background:#1e1e1e; font-family: 'DejaVu Sans Mono', monospace; font-size:14px; color:#d4d4d4; width:1280px; }}
.title {{ background:#323233; color:#ccc; padding:6px 12px; font-family:'DejaVu Sans',sans-serif; font-size:13px; }}
.tab {{ background:#1e1e1e; display:inline-block; padding:6px 14px; border-top:1px solid #0078d4; font-family:'DejaVu Sans',sans-serif; font-size:13px; }}
.tabs {{ background:#252526; }}
.row {{ display:flex; }}
.editor {{ padding:6px 0; white-space:pre; line-height:20px; width:830px; overflow:hidden; }}
.gutter {{ display:inline-block; width:50px; text-align:right; padding-right:20px; color:#858585; }}
.lens {{ color:#999; font-family:'DejaVu Sans',sans-serif; font-size:12px; line-height:18px; white-space:pre; }}
.squiggle {{ text-decoration: underline wavy #f14c4c; text-underline-offset:3px; }}
.hover {{ background:#252526; border:1px solid #454545; padding:8px 10px; margin:4px 0 6px 0; width:560px; white-space:normal;
          font-family:'DejaVu Sans',sans-serif; font-size:13px; line-height:18px; }}
.hover .code, .dim {{ color:#999; }}
.hover .rel {{ color:#3794ff; }}
.panel {{ border-top:1px solid #454545; background:#1e1e1e; padding:6px 12px; font-family:'DejaVu Sans',sans-serif; font-size:13px; }}
.panel h {{ font-size:11px; letter-spacing:1px; color:#ccc; border-bottom:1px solid #e7e7e7; padding-bottom:2px; }}
.err {{ color:#f14c4c; }}
.problem {{ margin-top:6px; }}
.side {{ width:410px; margin:8px; background:#252526; border:1px solid #454545; padding:8px; white-space:pre-wrap;
         font-size:11px; line-height:14px; max-height:540px; overflow:hidden; }}
.caption {{ background:#fff3cd; color:#333; padding:6px 12px; font-family:'DejaVu Sans',sans-serif; font-size:13px; }}
</style></head><body>
<div class="caption">Rendering, not a screenshot: an HTML mock of VS Code filled with the real output of <b>vercors-py lsp</b>
(diagnostic, counterexample, related information, code lenses, hover) and coloured by the extension's TextMate grammar.</div>
<div class="title">{html.escape(EXAMPLE.name)} — vercors-py</div>
<div class="tabs"><span class="tab">{html.escape(EXAMPLE.name)}</span></div>
<div class="row"><div class="editor">{''.join(rows)}</div>
<div class="side"><b>Hover on the barrier:</b>
{hover}</div></div>
<div class="panel"><h>PROBLEMS 1</h>{problems}</div>
</body></html>"""


def main() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    out = asyncio.run(server_output(text))
    tokens = json.loads(subprocess.run(["node", str(HERE / "tokenize.js"), str(EXAMPLE)], check=True,
                                       capture_output=True, text=True).stdout)
    target = HERE / "editor.html"
    target.write_text(page(text, tokens, out), encoding="utf-8")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={OUT}", "--window-size=1280,760", target.as_uri()], check=True,
                   capture_output=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
