"""The CUDA / OpenCL front end: clang reads a `.cu` or `.cl` file (preprocessing, types,
constants; clang_parse.py) and its typed tree is mapped onto the language's AST
(clang_translate.py).  vercors_py/frontend.py calls it; docs/cfamily.md says what is
mapped."""
