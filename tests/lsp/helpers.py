"""Helpers for the language-server tests: documents, edits, expected positions."""
from __future__ import annotations

import pathlib

from lsprotocol import types

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
DATA = pathlib.Path(__file__).resolve().parent / "data"


def example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def uri_of(tmp_path: pathlib.Path, name: str) -> str:
    return (tmp_path / name).as_uri()


def open_doc(client, uri: str, text: str, version: int = 1, language_id: str = "pvl") -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=version, text=text)))


def replace_all(client, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def edit(client, uri: str, version: int, *changes: tuple[tuple[int, int], tuple[int, int], str]) -> None:
    """Incremental changes: ((line, character), (line, character), new text), in order."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=a[0], character=a[1]),
                              end=types.Position(line=b[0], character=b[1])), text=t)
            for a, b, t in changes]))


def save(client, uri: str) -> None:
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))


def utf16_position(text: str, offset: int) -> types.Position:
    """An independent UTF-16 conversion for the tests' expectations."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[start:offset].encode("utf-16-le")) // 2)


def range_at(text: str, offset: int, length: int) -> types.Range:
    return types.Range(start=utf16_position(text, offset), end=utf16_position(text, offset + length))


def range_of(text: str, needle: str, occurrence: int = 0) -> types.Range:
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(needle, at + 1)
    return types.Range(start=utf16_position(text, at), end=utf16_position(text, at + len(needle)))


def verification_done(client, count: int = 1):
    """True once `count` verifications have ended (progress end), cancelled ones included."""
    return lambda: len(client.ended()) >= count


def many_kernels(count: int) -> str:
    """`count` small verified kernels, each with a barrier (four obligations that need
    the solver each): a file with many quick obligations."""
    return "\n".join(f"""kernel k{i} {{
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == {i};
  void main() {{
    a[tid] = {i};
    barrier(global) {{
      requires a[tid] == {i};
      ensures  Perm(a[tid], write) ** a[tid] == {i};
    }}
  }}
}}""" for i in range(count))
