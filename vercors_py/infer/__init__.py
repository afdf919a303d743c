"""`vercors-py infer`: the permission contract a kernel without one needs.

shape.py reads main into barrier intervals of accesses whose indices are affine
expressions of the thread's ids, the parameters and the variables of loops without
barriers (a local assigned once stands for its value); contract.py turns each interval
into permission clauses and writes them into the kernel's text: the thread contract, each
barrier's contract and each loop's invariants.  program.py checks the result with the
verifier, so what `infer` prints is known to verify, or says why not.
"""
