"""The file's own defines and includes are recorded with their spans."""
from vercors_py.cfamily import parse_text

TEXT = '''#include "cuda.h"
#include <opencl_builtins.h>
#define SIZE 128  // the tile
#  define TWICE_SIZE \\
     (2 * SIZE)
#define SQUARE(x) ((x) * (x))
#define EMPTY
/* #define NOT_A_DEFINE 1 */
const char *s = "#define NOR_THIS 2";
#ifdef SIZE
#define INSIDE_IF 3
#endif
__global__ void k(int *a) { a[threadIdx.x] = SQUARE(SIZE); }
'''


def test_defines_recorded_with_text_and_spans():
    unit = parse_text(TEXT, "p.cu")
    assert unit.ok, unit.problems
    got = [(d.name, d.params, d.body) for d in unit.defines]
    assert got == [("SIZE", None, "128"), ("TWICE_SIZE", None, "(2 * SIZE)"),
                   ("SQUARE", ("x",), "((x) * (x))"), ("EMPTY", None, ""),
                   ("INSIDE_IF", None, "3")]
    size = unit.defines[0]
    assert (size.name_span.start_line, size.name_span.start_col) == (3, 9)
    assert TEXT[size.body_span.start:size.body_span.end] == "128"
    twice = unit.defines[1]
    assert (twice.span.start_line, twice.span.end_line) == (4, 5)
    assert TEXT[twice.body_span.end - 10:twice.body_span.end] == "(2 * SIZE)"
    assert [d.object_like for d in unit.defines] == [True, True, False, True, True]


def test_includes_recorded():
    unit = parse_text(TEXT, "p.cu")
    assert [(i.path, i.system, i.span.start_line) for i in unit.includes] == [
        ("cuda.h", False, 1), ("opencl_builtins.h", True, 2)]
