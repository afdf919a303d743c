"""docs/errors.md is generated from the code registry and must be up to date."""
from vercors_py import diagnostics as D
from vercors_py.report import errors_doc


def test_committed_errors_md_is_current(repo_root):
    committed = (repo_root / "docs" / "errors.md").read_text(encoding="utf-8")
    assert committed == errors_doc.render(), \
        f"docs/errors.md is out of date; regenerate it with: {errors_doc.COMMAND}"


def test_every_code_and_family_is_documented():
    doc = errors_doc.render()
    assert all(f"## {family}\n" in doc for family in D.FAMILIES)
    assert all(f"| [`{code}`](#" in doc and f"\n### {code}\n" in doc for code in D.CODES)
