"""Explaining a failed or undecided check: counterexamples (read from the model, checked
on concrete values, shrunk to the smallest launch), race notes, conflicts between two
threads, and how an unknown answer is worded."""
