"""The language server (`vercors-py lsp`); installed as the package vercors_py.lsp.
See docs/editor.md; server.py is where to start reading."""
