"""`vercors-py races`: data races and barrier divergence of kernels without annotations.

Seed 001's question (Faial's memory access protocols) asked of the checked program that
every front end produces: protocol.py walks a kernel's main once, symbolically, into the
accesses it makes with their barriers, branches and loops; intervals.py cuts that into
barrier intervals, per memory space; check.py asks Z3, in one query per array and
interval, whether two distinct threads can make two of its accesses to one cell, at least
one writing; program.py puts the answers together.  The answer is race-free only when every
query is unsatisfiable; a model is a witness; anything else is unknown.
"""
