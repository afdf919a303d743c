"""Offsets <-> LSP positions: non-ASCII and astral characters must not shift ranges."""
from __future__ import annotations

import pytest
from lsprotocol import types

from vercors_py.lsp.edits import Edit, EditLog, apply, diff
from vercors_py.lsp.positions import UTF8, UTF16, UTF32, Positions
from vercors_py.source import SourceText

from .helpers import example, open_doc, range_of, uri_of, utf16_position, verification_done

TEXT = "a ∀x ⊇ y\r\nαβγ 😀 z\nlast 😀😀 q\rlone cr line\n"


def test_source_lines_end_at_lf_and_crlf_not_at_a_lone_cr():
    s = SourceText("t", TEXT)
    assert [s.line_text(n) for n in range(1, 5)] == ["a ∀x ⊇ y", "αβγ 😀 z", "last 😀😀 q\rlone cr line", ""]
    assert s.line_col(TEXT.index("lone")) == (3, len("last 😀😀 q\r") + 1)


@pytest.mark.parametrize("needle", ["y", "z", "q", "∀", "😀 z", "lone"])
def test_utf16_positions_round_trip(needle):
    s = SourceText("t", TEXT)
    offset = TEXT.index(needle)
    line, character = s.utf16_position(offset)
    expected = utf16_position(TEXT.replace("\r\n", "\n"), offset - TEXT.count("\r\n", 0, offset))
    assert (line, character) == (expected.line, expected.character)
    assert s.offset_of_utf16(line, character) == offset


def test_utf16_edge_cases():
    s = SourceText("t", TEXT)
    # the end of a CRLF line is before the \r, also for a character past the end
    assert s.offset_of_utf16(0, 99) == TEXT.index("\r\n")
    assert s.utf16_position(TEXT.index("\r\n") + 1) == (0, len("a ∀x ⊇ y"))
    # the middle of a surrogate pair means the emoji itself
    emoji = TEXT.index("😀")
    _, character = s.utf16_position(emoji)
    assert s.offset_of_utf16(1, character + 1) == emoji
    assert s.utf16_position(emoji + 1)[1] == character + 2
    # beyond the text
    assert s.offset_of_utf16(99, 0) == len(TEXT)
    assert s.offset_of_utf16(-1, 5) == 0


@pytest.mark.parametrize("encoding, units", [(UTF16, lambda t: len(t.encode("utf-16-le")) // 2),
                                             (UTF32, len),
                                             (UTF8, lambda t: len(t.encode("utf-8")))])
def test_positions_in_every_encoding(encoding, units):
    s = SourceText("t", TEXT)
    positions = Positions(encoding)
    for needle in ("y", "z", "q", "😀 z"):
        offset = TEXT.index(needle)
        line_start = s.line_starts[s.line_col(offset)[0] - 1]
        p = positions.position(s, offset)
        assert p.character == units(TEXT[line_start:offset])
        assert positions.offset(s, p) == offset


def test_diff_and_edit_log_move_positions():
    old = "0123456789"
    new = "01ab3456789xyz"
    assert diff(old, "01ab3456789") == Edit(2, 3, 4)
    assert diff(old, new) == Edit(2, 10, 14)           # one region: from the first to the last difference
    assert diff(old, old) is None
    text, edits = apply(old, [(2, 3, "ab"), (11, 11, "xyz")])
    assert text == new and edits == [Edit(2, 3, 4), Edit(11, 11, 14)]
    log = EditLog()
    mark = log.mark
    for e in edits:
        log.record(e)
    assert log.forward(8, mark) == 9                  # after the edits: shifted
    assert log.forward(1, mark) == 1                  # before: unchanged
    assert log.forward(2, mark, end=True) == 2
    assert log.forward(3, mark) == 4                  # the end of the replaced cell
    assert log.backward(9, mark) == 8
    insert = EditLog()
    insert.record(Edit(5, 5, 8))                      # three characters inserted at 5
    assert insert.forward(5, 0) == 8                  # a range starting there moves right
    assert insert.forward(5, 0, end=True) == 5        # one ending there does not grow
    log.forget_before(log.mark)
    assert log.since(mark) == []


NON_ASCII = "seed004-fig8-wrong-barrier-post.pvl"


@pytest.mark.asyncio
async def test_non_ascii_comments_do_not_shift_ranges(client, tmp_path):
    text = example(NON_ASCII)
    text = text.replace("kernel demo {", "// ∀ i: a ⊇ b, αβγ and 😀 emoji, 𝔸𝔹ℂ\nkernel demo {")
    text = text.replace("ensures  a[(tid + 1) % gsize] == tid + 1;",
                        "ensures  /* ∀😀 */ a[(tid + 1) % gsize] == tid + 1; // ⊇ 😀")
    uri = uri_of(tmp_path, "unicode.pvl")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    [d] = client.publications(uri)[-1].diagnostics
    assert d.code == "barrier.functional"
    assert d.range == range_of(text, "a[(tid + 1) % gsize] == tid + 1")
    assert d.range.start.character == len("      ensures  /* ∀😀 */ ".encode("utf-16-le")) // 2
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=d.range.start))
    assert hover is not None and "global int[gsize] a" in hover.contents.value
