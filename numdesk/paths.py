"""Where numdesk finds its own files and the user's library, frozen or not.

The `ui/` forms and `resources/` live at the top of the source tree; a PyInstaller
bundle puts them at the top of the bundle (`sys._MEIPASS`). The user's library always
lives in the user's data directory, never next to the program.
"""

from __future__ import annotations

import sys
from pathlib import Path

APP_NAME = "numdesk"


def app_root() -> Path:
    """The folder that holds `ui/` and `resources/`."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """A file below `resources/`."""
    return app_root().joinpath("resources", *parts)


def ui_path(name: str) -> Path:
    """A Qt Designer form below `ui/`."""
    return app_root() / "ui" / name


def user_data_dir(create: bool = True) -> Path:
    """The per-user data folder (created on demand unless `create` is false).

    `platformdirs` is imported here, on first need: a start on a library given by
    path never needs it, and importing it is about 10 ms.
    """
    import platformdirs

    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def default_library_path(create_folder: bool = True) -> Path:
    """The embedded default library, created on first run.

    Read-only commands pass `create_folder=False`: they never create anything.
    """
    return user_data_dir(create_folder) / "library.numdesk"
