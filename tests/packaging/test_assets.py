"""The generated installer assets and the Linux desktop files agree with each other."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from PySide6.QtGui import QImageReader
from PySide6.QtSvg import QSvgRenderer
from pytestqt.qtbot import QtBot

REPO = Path(__file__).resolve().parents[2]
LINUX = REPO / "packaging" / "linux"


def make_assets() -> ModuleType:
    """packaging/make_assets.py (a script, not part of the package)."""
    script = REPO / "packaging" / "make_assets.py"
    spec = importlib.util.spec_from_file_location("make_assets", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_windows_icon_holds_every_size(qtbot: QtBot, tmp_path: Path) -> None:
    assets = make_assets()
    renderer = QSvgRenderer(str(REPO / "resources" / "icons" / "numdesk.svg"))
    assert renderer.isValid()
    ico = tmp_path / "numdesk.ico"
    assets.write_ico(renderer, ico)
    reader = QImageReader(str(ico))
    sizes = []
    for index in range(reader.imageCount()):
        assert reader.jumpToImage(index)
        image = reader.read()
        assert not image.isNull()
        sizes.append((image.width(), image.height()))
    assert sizes == [(s, s) for s in assets.ICO_SIZES]


def test_the_windows_version_resource_carries_the_version() -> None:
    text = make_assets().version_info("1.2.3")
    ast.parse(text, mode="eval")  # PyInstaller evaluates it as a Python expression
    assert "filevers=(1, 2, 3, 0)" in text and "'ProductVersion', '1.2.3'" in text


def test_the_desktop_entry_opens_exports_through_import() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(LINUX / "numdesk.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Exec"] == "numdesk --import %f"
    assert desktop["Icon"] == "numdesk" and desktop["Terminal"] == "false"
    mime = ET.parse(LINUX / "numdesk-mime.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime_type = mime.find("m:mime-type", ns)
    assert mime_type is not None
    assert desktop["MimeType"] == f"{mime_type.get('type')};"
    glob = mime_type.find("m:glob", ns)
    assert glob is not None and glob.get("pattern") == "*.numdesk-json"


def test_the_running_app_shows_its_icon(qtbot: QtBot) -> None:
    """Linux and Windows title and task bars take the icon from the running app (the
    EXE's icon only shows in Explorer), so QApplication must carry it, in every size."""
    from PySide6.QtWidgets import QMainWindow

    from numdesk.gui import create_application

    app = create_application()
    icon = app.windowIcon()
    for size in (16, 32, 48, 256):
        pixmap = icon.pixmap(size, size)
        assert not pixmap.isNull() and pixmap.width() == size
    window = QMainWindow()
    qtbot.addWidget(window)
    assert window.windowIcon().cacheKey() == icon.cacheKey()
