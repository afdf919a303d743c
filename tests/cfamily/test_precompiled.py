"""The dialects' built-in headers precompiled (cfamily/precompiled.py): clang's reading of
a kernel is the same with the precompiled header as with the header itself, and when no
precompiled header can be kept the header is included as it is."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py.cfamily import clang_parse, clang_translate, precompiled
from vercors_py.cfamily.dialect import Dialect

ROOT = pathlib.Path(__file__).resolve().parents[2]
KERNELS = sorted([*(ROOT / "tests" / "data" / "cclasses").glob("*.c[lu]"),
                  *(ROOT / "examples" / "cuda").glob("*.cu"), *(ROOT / "examples" / "opencl").glob("*.cl")])


def _reading(path: pathlib.Path):
    unit, mapped = clang_translate.parse(path.read_text(), str(path))
    return [(d.code, d.span.start, d.span.end, d.message) for d in mapped.diagnostics], repr(mapped.program)


# Plain C has no built-in header (no GPU built-ins) to precompile.
@pytest.mark.parametrize("dialect", [d for d in Dialect if "-include" in clang_parse.DIALECT_ARGS[d]])
def test_the_header_is_read_precompiled(dialect):
    args = precompiled.arguments(clang_parse.DIALECT_ARGS[dialect], clang_parse.INCLUDE_DIR)
    assert "-include-pch" in args and "-include" not in args
    assert pathlib.Path(args[args.index("-include-pch") + 1]).is_file()


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.name)
def test_a_kernel_means_the_same_with_the_precompiled_header(path, monkeypatch):
    with_pch = _reading(path)
    monkeypatch.setattr(precompiled, "arguments", lambda args, include_dir: list(args))
    assert _reading(path) == with_pch


def test_without_a_cache_folder_the_header_is_included_as_it_is(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    precompiled._precompiled.cache_clear()
    try:
        args = precompiled.arguments(clang_parse.DIALECT_ARGS[Dialect.CUDA], clang_parse.INCLUDE_DIR)
        assert "-include-pch" not in args and "-include" in args
        unit = clang_parse.parse("__global__ void k(int *a) { a[threadIdx.x] = 1; }\n", "k.cu")
        assert unit.ok, unit.diagnostics
    finally:
        precompiled._precompiled.cache_clear()
