"""The concrete interpreter behind `vercors-py run`: kernels executed on real values.

No solver here.  A launch (sizes, parameters, initial memory) is run under one schedule
(seed 000's interleaving between barriers, or seed 003's lock-step steps of a group),
and what happens is reported: data races, barrier divergence, out-of-bounds accesses,
division by zero, failed asserts and, where the kernel is annotated, contracts and
permissions checked on the real state.  The pipeline stops at the checked program:
the interpreter reads the same resolved AST that the obligations are generated from.

values -> memory, race_detector -> evaluate, resources -> thread -> launch -> schedule -> program
"""
