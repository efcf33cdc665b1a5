"""Generates the files installers need from the sources in the repository.

- `packaging/icons/numdesk.{png,ico,icns}` rendered from `resources/icons/numdesk.svg`
  with Qt's own SVG renderer (the ICNS through Qt's image writer; the ICO is assembled
  here from PNGs of every size Windows asks for, since Qt writes one size per file);
- `packaging/windows/version_info.txt`, the Windows version resource, from the package
  version, so the version is written in exactly one place (pyproject.toml).
"""

from __future__ import annotations

import os
import struct
import sys
from importlib.metadata import version
from pathlib import Path

# The platform must be chosen before Qt loads (build machines have no display).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "packaging" / "icons"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon at `size` × `size` pixels on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def write(image: QImage, path: Path, fmt: str) -> None:
    """Write `image` in `fmt`, failing loudly if Qt cannot."""
    writer = QImageWriter(str(path), fmt.encode())
    if not writer.write(image):
        raise SystemExit(f"could not write {path}: {writer.errorString()}")


#: the sizes Windows shows (Explorer views, taskbar, title bar, Start menu, HiDPI)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)


def png_bytes(image: QImage) -> bytes:
    """`image` encoded as PNG."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit("could not encode an icon image as PNG")
    buffer.close()
    return bytes(data.data())


def write_ico(renderer: QSvgRenderer, path: Path, sizes: tuple[int, ...] = ICO_SIZES) -> None:
    """A Windows .ico holding one PNG-compressed image per size (Windows Vista and later)."""
    images = [png_bytes(render(renderer, size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(images)
    directory, blobs = b"", b""
    for size, blob in zip(sizes, images, strict=True):
        side = size if size < 256 else 0  # 0 means 256 in an ICO directory entry
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    path.write_bytes(header + directory + blobs)


def version_info(ver: str) -> str:
    """The PyInstaller Windows version resource for version `ver` (x.y.z)."""
    parts = [int(p) for p in ver.split(".")[:3] if p.isdigit()]
    nums = tuple(parts + [0] * (4 - len(parts)))
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={nums}, prodvers={nums}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'numdesk contributors'),
      StringStruct('FileDescription', 'numdesk'),
      StringStruct('FileVersion', '{ver}'),
      StringStruct('InternalName', 'numdesk'),
      StringStruct('OriginalFilename', 'numdesk.exe'),
      StringStruct('ProductName', 'numdesk'),
      StringStruct('ProductVersion', '{ver}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(ROOT / "resources" / "icons" / "numdesk.svg"))
    if not renderer.isValid():
        raise SystemExit("resources/icons/numdesk.svg is not a valid SVG")
    ICONS.mkdir(parents=True, exist_ok=True)
    write(render(renderer, 256), ICONS / "numdesk.png", "png")
    write_ico(renderer, ICONS / "numdesk.ico")
    write(render(renderer, 512), ICONS / "numdesk.icns", "icns")
    (ROOT / "packaging" / "windows" / "version_info.txt").write_text(
        version_info(version("numdesk")), encoding="utf-8"
    )
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
