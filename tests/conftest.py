"""Test setup shared by every area: offscreen Qt, and the paths of shared test data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Without a display Qt aborts the process; this must happen before Qt is imported.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
ARTIFACTS = REPO_ROOT / "test-artifacts"


@pytest.fixture(autouse=True, scope="session")
def own_numdesk_instance(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The test run is a numdesk instance of its own (`numdesk.instance`): its key and
    a private runtime folder, inherited by every app a test starts as a process, so no
    test ever hands a file to, or takes files from, a numdesk the user is running.
    Tests that check the handoff itself choose their own on top of this."""
    runtime = tmp_path_factory.mktemp("run")
    runtime.chmod(0o700)
    os.environ["NUMDESK_INSTANCE_KEY"] = f"tests-{os.getpid()}"
    os.environ["XDG_RUNTIME_DIR"] = str(runtime)


@pytest.fixture(scope="session")
def csrd_path() -> Path:
    """The Cypher System Reference Document JSON beside the repository (never copied in)."""
    path = SHARED_DATA / "CSRD.json"
    if not path.exists():
        pytest.fail(f"shared test data missing: {path}")
    return path


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Where tests leave files worth looking at (rendered pages, screenshots)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# -- libraries (store helper) -----------------------------------------------------------


@pytest.fixture
def library(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A new, empty library file in the test's folder (no starter content), closed after."""
    from numdesk.store import Library

    lib = Library.create(tmp_path / "test.numdesk", starter=False)
    yield lib
    lib.close()


@pytest.fixture
def starter_library(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A new library with the starter content every first run gets, closed after."""
    from numdesk.store import Library

    lib = Library.create(tmp_path / "starter.numdesk")
    yield lib
    lib.close()


# -- a library with the CSRD imported (copied per test from one import per session) -----

from tests.csrd_library import csrd_library, csrd_library_file  # noqa: E402, F401


@pytest.fixture(autouse=True)
def _no_table_process_left():  # type: ignore[no-untyped-def]
    """Table link tests start real processes: none outlives its test, even a failed one.

    Processes a wider fixture started before the test (a module's table) are left to it."""
    import sys

    procs = sys.modules.get("tests.link.procs")
    before = len(procs.STARTED) if procs is not None else 0
    yield
    procs = sys.modules.get("tests.link.procs")
    if procs is not None:
        procs.stop_all(keep=before)
