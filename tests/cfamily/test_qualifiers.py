"""Blanking OpenCL's qualifiers: offsets stay, only qualifiers in code go."""
from vercors_py.cfamily import Dialect, Role, parse_text
from vercors_py.cfamily.lexer import scan
from vercors_py.cfamily.qualifiers import blank

TEXT = '''// a __global comment, global too
/* __local
   local */
#define MEM __local
__kernel void k(__global int *global_id, local float *my_local) {
  const char *s = "__global local";
  char c = 'l';
  __private int __local_size = 0;
  my_local[0] = global_id[0];
}
'''


def _blank(text, dialect=Dialect.OPENCL):
    return blank(text, scan(text), dialect)


def test_blanking_keeps_length_and_every_other_character():
    out, found = _blank(TEXT)
    assert len(out) == len(TEXT)
    removed = {i for q in found for i in range(q.start, q.end)}
    for i, (a, b) in enumerate(zip(TEXT, out)):
        assert b == (" " if i in removed else a)


def test_only_qualifiers_in_code_are_blanked():
    out, found = _blank(TEXT)
    assert [q.spelling for q in found] == ["__kernel", "__global", "local", "__private"]
    assert all(TEXT[q.start:q.end] == q.spelling for q in found)
    # comments, strings, directives and names that merely contain a qualifier survive
    for kept in ["// a __global comment, global too", "/* __local\n   local */",
                 "#define MEM __local", '"__global local"', "global_id", "my_local",
                 "__local_size"]:
        assert kept in out


def test_roles_and_canonical_names():
    _, found = _blank(TEXT)
    assert [(q.name, q.role) for q in found] == [
        ("kernel", Role.FUNCTION), ("global", Role.ADDRESS_SPACE),
        ("local", Role.ADDRESS_SPACE), ("private", Role.ADDRESS_SPACE)]


def test_cuda_text_is_left_alone():
    text = "__global__ void k(int *local, int global) { __shared__ int kernel[4]; }"
    assert _blank(text, Dialect.CUDA) == (text, ())


def test_continued_line_comment_and_escaped_quote():
    text = '// comment \\\n __global still comment\nchar *s = "a\\" __local";\n__local int x;'
    out, found = _blank(text)
    assert [q.spelling for q in found] == ["__local"]
    assert found[0].start == text.rindex("__local")


def test_qualifiers_of_declarations():
    unit = parse_text(TEXT + "__kernel void c(__global int *a) { __global int *p = (__global int *) a; }\n",
                      "q.cl")
    assert unit.problems == ()
    seen = []
    stack = [unit.root]
    while stack:
        node = stack.pop()
        if node.type in ("function_definition", "parameter_declaration", "declaration", "type_descriptor"):
            seen.append((node.type, unit.text_of(node).split("=")[0].strip(),
                         [q.name for q in unit.qualifiers.of_node(node)]))
        stack.extend(reversed(node.children))
    # a node starts after a leading qualifier (it was blank when parsed); one inside stays
    assert seen[1][1] == "int *global_id"
    names = [(t, q) for t, _, q in seen]
    assert names == [
        ("function_definition", ["kernel"]),
        ("parameter_declaration", ["global"]), ("parameter_declaration", ["local"]),
        ("declaration", []), ("declaration", []), ("declaration", ["private"]),
        ("function_definition", ["kernel"]),
        ("parameter_declaration", ["global"]),
        ("declaration", ["global"]),        # not the cast's
        ("type_descriptor", ["global"]),
    ]
