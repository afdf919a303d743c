"""Faults of the tool itself end in exit code 5 and one line, never a traceback."""
from vercors_py import cli, service
from vercors_py import diagnostics as D
from vercors_py.results import EXIT_INTERNAL, FileResult, Verdict


def test_unexpected_exception(monkeypatch, capsys, tmp_path):
    def explode(path, options, progress=None):
        raise RuntimeError("kaboom")
    monkeypatch.setattr(service, "check_file", explode)
    assert cli.main(["check", str(tmp_path / "x.pvl")]) == EXIT_INTERNAL
    out, err = capsys.readouterr()
    assert err == "vercors-py: internal error: RuntimeError: kaboom\n"
    assert "Traceback" not in out + err


def test_internal_error_diagnostic_wins_over_other_files(monkeypatch, capsys, tmp_path):
    fault = D.error("internal.error", None, "internal error: x")
    results = {"a.pvl": FileResult("a.pvl", None, Verdict.FAILED, (fault,)),
               "b.pvl": FileResult("b.pvl", None, Verdict.VERIFIED, ())}

    def check_file(path, options, progress=None):
        if path not in results:
            raise FileNotFoundError(2, "No such file or directory")
        return results[path]
    monkeypatch.setattr(service, "check_file", check_file)
    assert cli.main(["check", "b.pvl", "a.pvl", "missing.pvl"]) == EXIT_INTERNAL
    out, err = capsys.readouterr()
    assert "a.pvl: internal error: 1 error" in out
    assert err == "vercors-py: error: cannot read missing.pvl: No such file or directory\n"


def test_verified_and_failed_files(monkeypatch, capsys):
    results = {"ok.pvl": FileResult("ok.pvl", None, Verdict.VERIFIED, ()),
               "slow.pvl": FileResult("slow.pvl", None, Verdict.TIMEOUT, ()),
               "bad.pvl": FileResult("bad.pvl", None, Verdict.FAILED, ())}
    monkeypatch.setattr(service, "check_file", lambda path, options, progress=None: results[path])
    assert cli.main(["check", "ok.pvl"]) == 0
    assert cli.main(["check", "ok.pvl", "slow.pvl"]) == 4
    assert cli.main(["check", "slow.pvl", "bad.pvl", "ok.pvl"]) == 1


def test_options_reach_the_service(monkeypatch):
    seen = []
    monkeypatch.setattr(service, "check_file",
                        lambda path, options, progress=None: seen.append(options) or FileResult(path, None, Verdict.VERIFIED, ()))
    cli.main(["check", "--timeout", "3", "-j", "2", "k.pvl"])
    assert seen == [service.Options(timeout=3.0, jobs=2)]
