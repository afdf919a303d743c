"""Cold start.  A command loads only what it and its file need: a cold `check` of a .pvl
file pays for neither the C front end (libclang), the interpreter's launches, the
language server, the race checker nor the contract inference.  And the program does
not make Python's collector go over everything once more as the process ends."""
import json
import subprocess
import sys

LOADED = """
import contextlib, io, json, sys
from vercors_py import cli
with contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

NOT_FOR_PVL = ("vercors_py.cfamily", "clang", "vercors_py.lsp", "pygls", "vercors_py.infer",
               "vercors_py.races", "vercors_py.report.json", "vercors_py.report.sarif",
               "vercors_py.obligations.show", "multiprocessing")     # workers only for many obligations


def loaded(repo_root, *args):
    proc = subprocess.run([sys.executable, "-c", LOADED, *args], cwd=repo_root, capture_output=True,
                          encoding="utf-8", timeout=300)
    report = json.loads(proc.stdout)
    return report["code"], report["modules"]


def unwanted(modules, packages):
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


def test_check_of_a_pvl_file_loads_no_other_command(repo_root):
    code, modules = loaded(repo_root, "check", "examples/seed004-fig8-demo.pvl")
    assert code == 0
    assert "vercors_py.engine.execution.prove" in modules          # it did verify in this process
    assert unwanted(modules, (*NOT_FOR_PVL, "vercors_py.run")) == []


def test_a_failing_check_loads_no_interpreter(repo_root):
    # engine/explanation/concrete.py checks a counterexample with the evaluation of pure expressions,
    # which lives in semantics/ below both analyses.
    code, modules = loaded(repo_root, "check", "examples/seed004-fig8-wrong-post.pvl")
    assert code == 1
    assert "vercors_py.semantics.evaluate" in modules
    assert unwanted(modules, (*NOT_FOR_PVL, "vercors_py.run")) == []


def test_run_loads_neither_the_prover_nor_the_c_front_end(repo_root):
    code, modules = loaded(repo_root, "run", "examples/seed004-fig8-demo.pvl")
    assert code == 0
    assert "vercors_py.run.program" in modules
    assert unwanted(modules, ("vercors_py.engine.execution.prove", "vercors_py.engine.solver.workers",
                              *NOT_FOR_PVL)) == []


FROZEN = """
import contextlib, gc, io, sys
from vercors_py import cli
program = sys.argv.pop(1) == "program"
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(None if program else sys.argv[1:])
print(gc.get_freeze_count())
"""


def test_only_the_program_leaves_its_objects_to_the_end_of_the_process(repo_root):
    def frozen(how):
        proc = subprocess.run([sys.executable, "-c", FROZEN, how, "explain", "perm.read"], cwd=repo_root,
                              capture_output=True, encoding="utf-8", timeout=300)
        return int(proc.stdout)
    assert frozen("program") > 0        # main() without argv: the script, python -m vercors_py
    assert frozen("caller") == 0        # a caller's objects stay the collector's
