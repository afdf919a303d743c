"""vercors-py: a verifier for GPU kernels annotated in permission-based separation logic."""

# The passes recurse as deep as kernels nest; deep.py raises the process's recursion
# limit once, here, so it never changes while a caller's code (or a test) runs.
from . import deep  # noqa: F401
