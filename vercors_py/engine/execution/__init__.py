"""Symbolic execution of one obligation (seed 004's rules, named as Viper's Silicon names
them): the obligation's world (prove.py), statements (execute.py), expressions
(evaluate.py), resources produced and consumed (produce_consume.py), the state, pure
functions, and the index algebra that inverts quantified permissions (indices.py)."""
