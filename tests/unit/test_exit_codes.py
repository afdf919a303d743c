"""The exit-code order for several files (results.EXIT_ORDER)."""
from vercors_py import diagnostics as D
from vercors_py.results import EXIT_INTERNAL, FileResult, Verdict, most_serious_exit


def test_order_is_internal_usage_rejected_failed_timeout_verified():
    assert most_serious_exit([]) == 0
    assert most_serious_exit([0, 4, 1, 3, 2, 5]) == 5
    assert most_serious_exit([0, 4, 1, 3, 2]) == 2
    assert most_serious_exit([0, 4, 1, 3]) == 3
    assert most_serious_exit([0, 4, 1]) == 1
    assert most_serious_exit([4, 0]) == 4


def test_verdicts_and_internal_errors():
    assert [v.exit_code for v in Verdict] == [0, 1, 3, 4]
    fault = D.error("internal.error", None, "internal error: x")
    assert FileResult("x.pvl", None, Verdict.FAILED, (fault,)).exit_code == EXIT_INTERNAL
