"""`python -m bench` is a real command line: every bench module with a main() is listed, and
--help names each one."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bench.__main__ import BENCHES, parse

BENCH_DIR = Path(__file__).resolve().parents[1] / "bench"


def modules_with_main() -> set[str]:
    found = set()
    for path in BENCH_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        if any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body):
            found.add(path.stem)
    return found - {"__main__"}


def test_every_bench_is_listed():
    assert modules_with_main() == {bench.module for bench in BENCHES.values()}


def test_help_lists_every_bench(capsys):
    with pytest.raises(SystemExit) as done:
        parse(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(name in out for name in BENCHES)


def test_unknown_bench_is_refused(capsys):
    with pytest.raises(SystemExit) as done:
        parse(["nope"])
    assert done.value.code == 2 and "unknown benchmark nope" in capsys.readouterr().err
