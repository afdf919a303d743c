"""The CUDA / OpenCL front end (issue 14).  This first layer only parses: a `.cu` or `.cl`
file becomes a `ParsedUnit` (a tree-sitter tree of the CUDA grammar, OpenCL's qualifiers
recorded beside it, the file's defines and includes, syntax diagnostics).  Mapping the
tree onto the checked AST comes later; see docs/cfamily.md."""
from .dialect import Dialect
from .parse import ParsedUnit, parse_bytes, parse_file, parse_text
from .qualifiers import Qualifier, QualifierMap, Role

__all__ = ["Dialect", "ParsedUnit", "Qualifier", "QualifierMap", "Role",
           "parse_bytes", "parse_file", "parse_text"]
