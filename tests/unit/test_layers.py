"""The package's layers are one-way (docs/architecture.md, "Layers"): a module imports
only from its own top-level package or from a layer below, and siblings of one layer
never import each other.  Every import counts, also the ones inside functions (a lazy
import is still a dependency).  And no module imports itself through others: an import
cycle, lazy or not, is two modules that cannot be read apart (imports under
`if TYPE_CHECKING:` aside, since they never run).  The test reads the source with `ast`;
it imports nothing.
"""
from __future__ import annotations

import ast
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[2]

# Bottom first.  A name is a top-level package or module of vercors_py.
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(layer) for layer in (
    {"source", "deep"},
    {"diagnostics"},
    {"results", "explain"},
    {"syntax", "grammar"},
    {"semantics"},
    {"cfamily", "vercors_pvl"},             # the front ends of C and of VerCors's PVL
    {"frontend"},
    {"obligations"},
    {"engine"},
    {"cache", "races", "infer", "run"},     # the analyses, and the prover's result cache
    {"service"},
    {"report", "picture"},                  # the text/JSON/SARIF reports; pictures of a launch
    {"lsp", "registry"},                    # the language server; the analyses' commands
    {"cli"},
    {"__main__"},
))

# Where a layer's order would allow it but the design does not: the interpreter is an
# oracle for the prover, so it shares no code with it.
FORBIDDEN = {("run", "engine")}


@attrs.frozen
class Edge:
    source: str          # dotted module name
    target: str
    line: int
    typing_only: bool = False     # under `if TYPE_CHECKING:`


def _module_name(path: Path, top: Path, top_name: str) -> str:
    parts = list(path.relative_to(top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([top_name, *parts])


def import_edges(top: Path, package: str, top_name: str | None = None) -> list[Edge]:
    """Every import of a module of `package` by a module of the tree at `top`, whose
    modules are named `top_name.…` (the package itself by default)."""
    edges = []
    for path in sorted(top.rglob("*.py")):
        name = _module_name(path, top, top_name or package)
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                       for n in ast.walk(block)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[:len(here) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                    targets = [module] if node.module else [f"{module}.{a.name}" for a in node.names]
                else:
                    targets = [node.module or ""]
                    if node.module == package:
                        targets = [f"{package}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            edges += [Edge(name, t, node.lineno, id(node) in typing_only)
                      for t in targets if t.split(".")[0] == package]
    return edges


def _top(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def back_edges(edges: list[Edge]) -> list[str]:
    rank = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    found = []
    for e in edges:
        source, target = _top(e.source), _top(e.target)
        if source is None or target is None or source == target:
            continue             # the package's own __init__, or within one package
        if source not in rank or target not in rank:
            found.append(f"{e.source}:{e.line}: `{source}` or `{target}` has no layer in LAYERS")
        elif rank[target] > rank[source] or (rank[target] == rank[source]) or (source, target) in FORBIDDEN:
            found.append(f"{e.source}:{e.line} imports {e.target}: `{target}` is not below `{source}`")
    return found


def the_package() -> list[Edge]:
    # lsp/ is a folder of the repository that the wheel installs as vercors_py.lsp.
    return import_edges(ROOT / "vercors_py", "vercors_py") + import_edges(ROOT / "lsp", "vercors_py", "vercors_py.lsp")


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted; an edge
    to a name inside a module (`from .m import f`) is an edge to the module."""
    modules = {e.source for e in edges}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for e in edges:
        target = e.target
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != e.source and not e.typing_only:
            graph[e.source].add(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph):              # Tarjan's algorithm, without recursion
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph[step]))))
            elif step in stack:
                low[node] = min(low[node], index[step])
    return sorted(found)


def package_graph(edges: list[Edge]) -> dict[str, set[str]]:
    """Which top-level packages import which, without the edges that a longer path gives
    (the transitive reduction: a picture of the layers, not of every import)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        source, target = _top(e.source), _top(e.target)
        if source and target and source != target and not e.typing_only:
            graph.setdefault(source, set()).add(target)
            graph.setdefault(target, set())

    def reachable(start: str, skip: tuple[str, str]) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            node = todo.pop()
            for nxt in graph[node]:
                if (node, nxt) != skip and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen
    return {u: {v for v in vs if v not in reachable(u, (u, v))} for u, vs in graph.items()}


def diagram(edges: list[Edge]) -> str:
    """The layers as a Mermaid flowchart, top layer first."""
    graph = package_graph(edges)
    lines = ["```mermaid", "flowchart TD"]
    for u in sorted(graph, key=lambda n: (-_rank(n), n)):
        for v in sorted(graph[u], key=lambda n: (-_rank(n), n)):
            lines.append(f"    {u} --> {v}")
    return "\n".join(lines + ["```"])


def _rank(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


DIAGRAM_START = "<!-- layers: written by `python tests/unit/test_layers.py --write` from the imports -->"
DIAGRAM_END = "<!-- end of layers -->"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def _written_diagram() -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return text.split(DIAGRAM_START, 1)[1].split(DIAGRAM_END, 1)[0].strip()


def test_the_picture_of_the_layers_is_the_imports():
    assert _written_diagram() == diagram(the_package())


def test_every_import_goes_down_a_layer():
    assert back_edges(the_package()) == []


def test_no_import_cycles():
    assert cycles(the_package()) == []


def test_a_planted_cycle_is_found(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "a.py").write_text("def f():\n    from .b import g\n")
    (tmp_path / "engine" / "b.py").write_text("from . import c\n")
    (tmp_path / "engine" / "c.py").write_text("from .a import f\n")
    (tmp_path / "engine" / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                              "    from .e import h\n")
    (tmp_path / "engine" / "e.py").write_text("from .d import x\n")
    assert cycles(import_edges(tmp_path, "vercors_py")) == [
        ["vercors_py.engine.a", "vercors_py.engine.b", "vercors_py.engine.c"]]


def test_every_top_level_package_has_a_layer():
    named = {p.stem if p.suffix == ".py" else p.name for p in (ROOT / "vercors_py").iterdir()
             if (p.suffix == ".py" or (p / "__init__.py").is_file()) and p.name != "__init__.py"}
    assert named - set().union(*LAYERS) == set()


def test_a_planted_back_edge_is_found(tmp_path):
    (tmp_path / "syntax").mkdir()
    (tmp_path / "syntax" / "__init__.py").write_text("")
    (tmp_path / "syntax" / "ast.py").write_text("def f():\n    from ..engine import verify\n")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "__init__.py").write_text("from vercors_py.engine import solver\n")
    (tmp_path / "infer").mkdir()
    (tmp_path / "infer" / "x.py").write_text("from .. import races\nfrom ..semantics import types\n")
    found = back_edges(import_edges(tmp_path, "vercors_py"))
    assert found == [
        "vercors_py.infer.x:1 imports vercors_py.races: `races` is not below `infer`",
        "vercors_py.run:1 imports vercors_py.engine: `engine` is not below `run`",
        "vercors_py.syntax.ast:2 imports vercors_py.engine: `engine` is not below `syntax`",
    ]


# A module a reader can hold in mind: past this, split it by job (issue 27).
MAX_LINES = 700


def test_no_module_is_longer_than_a_reader_can_hold():
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "vercors_py").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


if __name__ == "__main__":
    import sys
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/unit/test_layers.py --write")
    text = ARCHITECTURE.read_text(encoding="utf-8")
    head, rest = text.split(DIAGRAM_START, 1)
    tail = rest.split(DIAGRAM_END, 1)[1]
    ARCHITECTURE.write_text(f"{head}{DIAGRAM_START}\n{diagram(the_package())}\n{DIAGRAM_END}{tail}", encoding="utf-8")
