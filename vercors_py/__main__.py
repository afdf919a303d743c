"""`python -m vercors_py`: the same as the `vercors-py` command."""
import sys

from .cli import main

sys.exit(main())
