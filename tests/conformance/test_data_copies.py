"""The recorded games kept in tests/conformance/data are byte-for-byte copies of the shared originals."""

import filecmp

import pytest

from tests.conformance.conftest import DATA, SHARED


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir() if p.suffix in (".json", ".jsonl", ".txt")))
def test_the_data_copy_equals_the_shared_original(name):
    if not SHARED.is_dir():
        pytest.skip(f"the shared folder {SHARED} is not next to the repository; the copies in {DATA} are used")
    assert filecmp.cmp(DATA / name, SHARED / name, shallow=False), f"{name} differs from {SHARED / name}"
