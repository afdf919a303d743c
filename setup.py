"""Which packages the wheel holds; everything else about the build is in pyproject.toml.

Every package under vercors_py/ is found, not listed, so a new one cannot be left out of
the wheel (a hand-written list once left out vercors_py.races and vercors_py.infer).
grammar/ and lsp/ are top-level folders of the repository installed as subpackages of
vercors_py (pyproject.toml's package-dir); `[tool.setuptools.packages.find]` names a
package after its folder, so it cannot find them under those names: hence this file.
"""
import pathlib
import tomllib

from setuptools import find_packages, setup

HERE = pathlib.Path(__file__).resolve().parent
MAPPED = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-dir"]

packages = find_packages(HERE, include=["vercors_py", "vercors_py.*"])
for name, folder in MAPPED.items():
    packages += [name, *(f"{name}.{sub}" for sub in find_packages(HERE / folder))]
setup(packages=packages)
