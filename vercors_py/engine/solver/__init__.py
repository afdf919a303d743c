"""The solver layer: one Z3 context per obligation with its time limits and three answers
(solver.py), walks over Z3 terms, and the worker processes that prove obligations."""
