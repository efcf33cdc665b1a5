"""Loading Qt Designer forms from `ui/` at run time.

Forms are loaded with `QUiLoader` (no generated code to keep in sync). The loaded form
becomes a child widget laid out to fill its host, and `child` finds a named widget in
it with a clear error when a form and the code disagree.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QVBoxLayout, QWidget

from numdesk.paths import ui_path
from numdesk.views import plain_text

W = TypeVar("W", bound=QWidget)


def load_form(
    name: str, host: QWidget, margin: int = 0, loader: QUiLoader | None = None
) -> QWidget:
    """Load `ui/<name>` into `host` (filling it, `margin` pixels in) and return the form.

    Pass a `loader` with custom widgets registered for forms that promote widgets.
    """
    plain_text.install()
    path = ui_path(name)
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"cannot read the form {path}")
    try:
        form = (loader or QUiLoader()).load(file, host)
    finally:
        file.close()
    if form is None:
        raise RuntimeError(f"the form {path} could not be loaded")
    layout = host.layout()
    if layout is None:
        layout = QVBoxLayout(host)
        layout.setContentsMargins(margin, margin, margin, margin)
    layout.addWidget(form)
    return form


def child(form: QWidget, cls: type[W], name: str) -> W:
    """The widget called `name` in `form` (a RuntimeError naming it if missing)."""
    widget = form.findChild(cls, name)
    if widget is None:
        raise RuntimeError(f"the form has no {cls.__name__} named {name!r}")
    return widget
