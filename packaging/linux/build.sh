#!/usr/bin/env bash
# Builds the Linux bundle: <dist>/numdesk/ (one folder, with the .desktop file, icon,
# MIME type and install-desktop-entry.sh), a .tar.gz of it, and an AppImage when
# `appimagetool` is on PATH.
#   bash packaging/linux/build.sh [--distpath DIR] [--workpath DIR] [--no-clean]
# Defaults: dist/ and build/pyinstaller in the repository (both ignored by git, ruff
# and pytest). --no-clean reuses PyInstaller's cache from an earlier build (faster).
# Uses .venv's Python unless PYTHON is set.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
py="${PYTHON:-$root/.venv/bin/python}"
distpath="dist"
workpath="build/pyinstaller"
clean="--clean"
while [ $# -gt 0 ]; do
  case "$1" in
    --distpath) distpath="$2"; shift 2 ;;
    --workpath) workpath="$2"; shift 2 ;;
    --no-clean) clean=""; shift ;;
    *) echo "usage: $0 [--distpath DIR] [--workpath DIR] [--no-clean]" >&2; exit 2 ;;
  esac
done
version="$("$py" -c 'from importlib.metadata import version; print(version("numdesk"))')"
arch="$(uname -m)"

"$py" packaging/make_assets.py
# shellcheck disable=SC2086  # $clean is one flag or nothing
"$py" -m PyInstaller --noconfirm $clean --log-level WARN \
  --distpath "$distpath" --workpath "$workpath" packaging/numdesk.spec

bundle="$distpath/numdesk"
install -m 644 packaging/linux/numdesk.desktop "$bundle/numdesk.desktop"
install -m 644 packaging/linux/numdesk-mime.xml "$bundle/numdesk-mime.xml"
install -m 644 packaging/icons/numdesk.png "$bundle/numdesk.png"
install -m 755 packaging/linux/install-desktop-entry.sh "$bundle/install-desktop-entry.sh"
tarball="$distpath/numdesk-$version-linux-$arch.tar.gz"
tar -czf "$tarball" -C "$distpath" numdesk
echo "built $tarball ($(du -sh "$bundle" | cut -f1) unpacked, $(du -sh "$tarball" | cut -f1) packed)"

if command -v appimagetool >/dev/null 2>&1; then
  appdir="$workpath/numdesk.AppDir"
  rm -rf "$appdir"
  mkdir -p "$appdir/usr/bin" "$appdir/usr/share/mime/packages"
  cp -a "$bundle/." "$appdir/usr/bin/"
  install -m 644 packaging/linux/numdesk.desktop "$appdir/numdesk.desktop"
  install -m 644 packaging/linux/numdesk-mime.xml "$appdir/usr/share/mime/packages/numdesk.xml"
  install -m 644 packaging/icons/numdesk.png "$appdir/numdesk.png"
  ln -sf numdesk.png "$appdir/.DirIcon"
  cat > "$appdir/AppRun" <<'RUN'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/bin/numdesk" "$@"
RUN
  chmod 755 "$appdir/AppRun"
  ARCH="$arch" appimagetool "$appdir" "$distpath/numdesk-$version-$arch.AppImage"
else
  echo "appimagetool not found: skipped the AppImage (the .tar.gz is complete)"
fi
