"""The CUDA / OpenCL front end: a `.cu` or `.cl` file is parsed into a `ParsedUnit` (a
tree-sitter tree of the CUDA grammar, OpenCL's qualifiers recorded beside it, the file's
defines and includes, syntax diagnostics; parse.py) and mapped onto the language's AST
(translate.py).  vercors_py/frontend.py calls both; docs/cfamily.md says what is mapped."""
from .dialect import Dialect
from .parse import ParsedUnit, parse_bytes, parse_file, parse_text
from .qualifiers import Qualifier, QualifierMap, Role

__all__ = ["Dialect", "ParsedUnit", "Qualifier", "QualifierMap", "Role",
           "parse_bytes", "parse_file", "parse_text"]
