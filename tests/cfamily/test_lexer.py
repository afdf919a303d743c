"""The scan of C text for annotations (cfamily/lexer.py) and byte to character offsets
(cfamily/positions.py): what clang's tree does not hold, or holds in bytes."""
from vercors_py.cfamily.lexer import scan
from vercors_py.cfamily.positions import ByteIndex
from vercors_py.cfamily import clang_translate

TEXT = '''// a line comment
#define MEM /* in a directive */ 4 \\
   /* still the directive */
const char *s = "/*@ not a comment @*/";
char c = '/';
/*@ requires true; @*/
'''


def test_comments_and_directives_are_found_with_cs_rules():
    found = scan(TEXT)
    comments = [TEXT[a:b] for a, b in found.comments]
    assert comments == ["// a line comment", "/* in a directive */", "/* still the directive */",
                        "/*@ requires true; @*/"]
    [(start, end)] = found.directives
    assert TEXT[start:end].startswith("#define MEM") and TEXT[start:end].endswith("directive */")


def test_a_continued_line_comment_and_an_escaped_quote():
    text = '// comment \\\n still comment\nchar *s = "a\\" /*x*/";\n/*y*/'
    assert [text[a:b] for a, b in scan(text).comments] == ["// comment \\\n still comment", "/*y*/"]


def test_crlf_directives_end_before_the_line_break():
    text = "#define N 4\r\nint x;\r\n"
    [(start, end)] = scan(text).directives
    assert text[start:end] == "#define N 4"


def test_an_annotation_inside_a_define_is_no_annotation():
    text = ("#define NOTE /*@ requires false; @*/ 1\n"
            "__global__ void k(int *a) { a[0] = NOTE; }\n")
    _, mapped = clang_translate.parse(text, "k.cu")
    [k] = mapped.program.kernels
    assert k.main.contract == ()


def test_byte_index_round_trip():
    text = "a∀bé\U0001F600c"                  # 3-, 2- and 4-byte characters
    index = ByteIndex.of(text)
    for i in range(len(text) + 1):
        b = len(text[:i].encode("utf-8"))
        assert (index.char_offset(b), index.byte_offset(i)) == (i, b)
