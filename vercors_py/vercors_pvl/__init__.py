"""The front end of VerCors's PVL (utwente-fmt/vercors): classes whose methods hold par
blocks and barriers, mapped onto the kernel language's AST (docs/vercors-pvl-frontend.md).
detect.py says which `.pvl` files are VerCors's; grammar.py parses them; methods.py,
statements.py and expressions.py map them; read.py is the entry."""
