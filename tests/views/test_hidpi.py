"""A sheet on a HiDPI screen (Qt scaling 2): same layout as at 1366×768, sharp pictures.

The scale factor is fixed when Qt starts, so the check runs in a fresh Python process
with QT_SCALE_FACTOR=2 and reports what it measured as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
app = QApplication([])
from numdesk.controllers.character import CharacterController
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget
from tests.views.sheet_helpers import stored_character

folder = Path(sys.argv[1])
library = Library.create(folder / "hidpi.numdesk", starter=False)
character = stored_character(library, "cypher")
picture = QImage(300, 360, QImage.Format.Format_RGB32)
picture.fill(QColor("#6b4f3a"))
picture.save(str(folder / "portrait.png"))
sheet = SheetWidget(CharacterController(library, character.uid))
sheet.resize(1366, 768)
sheet.show()
for _ in range(5):
    app.processEvents()
sheet.set_portrait_file(str(folder / "portrait.png"))
pixmap = sheet.portrait.pixmap()
grab = sheet.grab()
print(json.dumps({
    "ratio": sheet.devicePixelRatioF(),
    "portrait_pixels": [pixmap.width(), pixmap.height()],
    "portrait_ratio": pixmap.devicePixelRatio(),
    "label": [sheet.portrait.width(), sheet.portrait.height()],
    "grab": [grab.width(), grab.height(), grab.devicePixelRatio()],
    "sideways_scroll": sheet.scroll_area.horizontalScrollBar().isVisible(),
}))
library.close()
"""


def test_sheet_at_scale_two_keeps_its_layout_and_a_sharp_portrait(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2")
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["ratio"] == 2.0
    assert seen["grab"] == [2732, 1536, 2.0]  # 1366×768 logical, every pixel drawn
    assert not seen["sideways_scroll"]
    # the portrait uses the screen's pixels: twice the label's size, not blown up
    width, height = seen["portrait_pixels"]
    assert seen["portrait_ratio"] == 2.0
    assert height == 2 * seen["label"][1] or width == 2 * seen["label"][0]
