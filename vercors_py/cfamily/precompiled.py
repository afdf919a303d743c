"""The built-in header of each dialect, precompiled once: clang reads a CUDA kernel's
force-included header (CUDA's built-ins, vector types, cooperative groups, GPUVerify's
functions: include/) in about 15 ms, and its precompiled form in under 1 ms.

The precompiled header is clang's own (`TranslationUnit.save` of the header, read back
with `-include-pch`), so what a kernel means does not change: the same declarations,
macros and include guards, only not parsed again.  It is kept in the user's cache
folder under a name that digests everything it depends on (the libclang library, by its
path, size and time; the dialect's arguments; every header's bytes), so an upgrade or an
edited header makes a new one.  Written to a temporary name and renamed, so processes
that build it at once never read half a file.  Whatever goes wrong (no cache folder,
clang reports a problem in the header, the file cannot be written) leaves the plain
`-include`, which gives the same reading, slower.
"""
from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Sequence

from clang import cindex


def arguments(args: Sequence[str], include_dir: Path) -> list[str]:
    """`args` with its `-include HEADER` replaced by the header's precompiled form, when
    there is one (else `args` as they are)."""
    args = list(args)
    if "-include" not in args:
        return args
    at = args.index("-include")
    pch = _precompiled(tuple(args[:at] + args[at + 2:]), args[at + 1], str(include_dir))
    return args if pch is None else args[:at] + ["-include-pch", pch] + args[at + 2:]


@functools.cache
def _precompiled(base: tuple[str, ...], header: str, include_dir: str) -> str | None:
    digest = hashlib.sha256()
    digest.update(_library().encode())
    digest.update("\0".join(base).encode())
    # Clang refuses a precompiled header whose inputs' times changed since it was
    # written, even with the same text (a checkout rewrites them): so their paths and
    # times are part of the key, with their text.
    digest.update(include_dir.encode())
    for path in sorted(Path(include_dir).glob("*.h")):
        digest.update(path.name.encode() + b"\0" + str(path.stat().st_mtime_ns).encode() + b"\0" + path.read_bytes())
    folder = _folder()
    if folder is None:
        return None
    target = folder / f"{Path(header).stem}-{digest.hexdigest()[:24]}.pch"
    if target.exists():
        return str(target)
    try:
        unit = cindex.Index.create().parse(header, args=[*base, "-isystem", include_dir])
        if any(d.severity >= cindex.Diagnostic.Error for d in unit.diagnostics):
            return None
        partial = target.with_suffix(f".{os.getpid()}.partial")
        unit.save(str(partial))
        os.replace(partial, target)
    except (cindex.TranslationUnitLoadError, cindex.TranslationUnitSaveError, OSError):
        return None
    return str(target)


def _library() -> str:
    """Which libclang reads the files: its path, size and time (a precompiled header is
    only read by the clang that wrote it)."""
    name = cindex.conf.lib._name
    try:
        status = os.stat(name)
    except OSError:
        return name
    return f"{name}\0{status.st_size}\0{status.st_mtime_ns}"


def _folder() -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "vercors-py" / "pch"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder
