#!/usr/bin/env bash
# Fetch Viper's Silicon verifier and a Z3 executable for the side-by-side benchmark,
# into a cache folder outside the repository (nothing of this is ever committed):
#
#   bench/get_silicon.sh [CACHE]        # default: ${XDG_CACHE_HOME:-~/.cache}/vercors-py-bench
#
# Both come from PyPI through pip, as ordinary packages:
#   - silicon.jar is shipped inside the `nagini` wheel (nagini_translation/resources/backends/);
#   - the Z3 executable is shipped inside the `z3-solver` 4.12.1.0 wheel (data/bin/z3). That is
#     the Z3 version current Silicon builds are tested with; newer z3-solver wheels have
#     no executable any more, only the library.
# Silicon also needs Java 11 or later (`java` on PATH), run as `java -Xss128m`.
# Prints the two paths at the end; bench/run.py finds them in the cache by itself.
set -euo pipefail

CACHE="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/vercors-py-bench}"
NAGINI_VERSION="${NAGINI_VERSION:-1.2.0}"
Z3_VERSION="${Z3_VERSION:-4.12.1.0}"
PIP="${PIP:-}"
if [ -z "$PIP" ]; then
    here="$(cd "$(dirname "$0")/.." && pwd)"
    if [ -x "$here/.venv/bin/pip" ]; then PIP="$here/.venv/bin/pip"; else PIP="python3 -m pip"; fi
fi

mkdir -p "$CACHE/downloads"
JAR="$CACHE/silicon.jar"
Z3="$CACHE/z3"

if [ ! -s "$JAR" ]; then
    echo "fetching nagini $NAGINI_VERSION (for silicon.jar) ..." >&2
    $PIP download -q --no-deps "nagini==$NAGINI_VERSION" -d "$CACHE/downloads"
    wheel="$(ls "$CACHE"/downloads/nagini-"$NAGINI_VERSION"-*.whl | head -n 1)"
    python3 - "$wheel" "$JAR" <<'EOF'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    name = next(n for n in z.namelist() if n.endswith("backends/silicon.jar"))
    with z.open(name) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst)
EOF
fi

if [ ! -x "$Z3" ]; then
    echo "fetching z3-solver $Z3_VERSION (for the z3 executable) ..." >&2
    $PIP download -q --no-deps "z3-solver==$Z3_VERSION" -d "$CACHE/downloads" \
        --only-binary=:all: --platform manylinux1_x86_64 --python-version 3.11
    wheel="$(ls "$CACHE"/downloads/z3_solver-"$Z3_VERSION"-*.whl | head -n 1)"
    python3 - "$wheel" "$Z3" <<'EOF'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    name = next(n for n in z.namelist() if n.endswith("/bin/z3"))
    with z.open(name) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst)
EOF
    chmod +x "$Z3"
fi

rm -rf "$CACHE/downloads"
"$Z3" --version >&2
probe="$(mktemp -d)"
printf 'method m(x: Int) returns (y: Int) ensures y == x + 1 { y := x + 1 }\n' > "$probe/probe.vpr"
if ! java -Xss128m -jar "$JAR" --z3Exe "$Z3" "$probe/probe.vpr" >"$probe/out.txt" 2>&1; then
    cat "$probe/out.txt" >&2; echo "Silicon could not verify a trivial program" >&2; rm -rf "$probe"; exit 1
fi
rm -rf "$probe"
echo "silicon: $JAR"
echo "z3:      $Z3"
