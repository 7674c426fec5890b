"""Each registered Gymnasium id's action and observation spaces are pinned in a golden file of the ids'
version (``tests/data/rl/spaces-vN.json``): a change to them is seen, and the version raised with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ageofsteam.engine.errors import AosError
from ageofsteam.rl import describe
from ageofsteam.rl.gym_env import VERSION, env_ids

FOLDER = Path(__file__).resolve().parents[1] / "data" / "rl"
GOLDEN = FOLDER / f"spaces-v{VERSION}.json"
WRITE = "python -m ageofsteam.rl.describe --golden tests/data/rl"


def test_every_id_s_spaces_are_those_pinned_for_its_version() -> None:
    assert GOLDEN.exists(), f"no golden file for the ids' version {VERSION}: write it with `{WRITE}`"
    pinned = json.loads(GOLDEN.read_text())
    now = describe.golden()
    assert sorted(pinned) == sorted(now) == sorted(env_ids()), (
        f"the registered ids changed: raise VERSION in ageofsteam/rl/gym_env.py and write the golden file ({WRITE})"
    )
    changed = [env_id for env_id in now if now[env_id] != pinned[env_id]]
    assert not changed, (
        f"the spaces of {', '.join(changed)} changed: raise VERSION in ageofsteam/rl/gym_env.py (the ids' -vN) "
        f"and write the golden file of the new version ({WRITE})"
    )


def test_the_golden_file_of_a_version_is_never_rewritten_with_other_spaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the golden file again gives the same file; where the spaces differ from those pinned, it is refused
    with the words to raise the version."""
    assert describe.main(["--golden", str(tmp_path)]) == 0
    written = describe.golden_path(tmp_path)
    assert written.read_text() == GOLDEN.read_text()
    assert describe.main(["--golden", str(tmp_path)]) == 0
    monkeypatch.setattr(describe, "golden", lambda: {"ageofsteam/RustBelt-v1": {"action_space": "Discrete(3)"}})
    with pytest.raises(AosError, match="pins other spaces: raise VERSION"):
        describe.write_golden(tmp_path)
    assert written.read_text() == GOLDEN.read_text()
