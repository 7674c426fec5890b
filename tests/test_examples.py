"""The README's runnable example runs."""

import runpy
from pathlib import Path

EXAMPLE = Path(__file__).parents[1] / "examples" / "quickstart.py"


def test_the_quickstart_example_runs(capsys):
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "legal actions" in out
    assert "Refused:" in out
    assert "chance outcomes, e.g." in out
    assert "Hint: {'kind': 'issue_shares'" in out
