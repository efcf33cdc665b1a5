#!/usr/bin/env bash
# Builds dist/numdesk.app (PyInstaller BUNDLE: Info.plist with the document types, the
# .icns icon, ad-hoc signed by PyInstaller) and a compressed disk image
# dist/numdesk-<version>-macos-<arch>.dmg with an Applications link to drag it onto.
# The app is not notarized: README explains the first launch.
# Run on macOS from anywhere; uses .venv's Python unless PYTHON is set.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
py="${PYTHON:-$root/.venv/bin/python}"
version="$("$py" -c 'from importlib.metadata import version; print(version("numdesk"))')"
arch="$(uname -m)"

"$py" packaging/make_assets.py
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/numdesk.spec

staging="build/dmg"
rm -rf "$staging"
mkdir -p "$staging"
# ditto keeps the bundle's symlinks, permissions and code signature intact
ditto dist/numdesk.app "$staging/numdesk.app"
ln -s /Applications "$staging/Applications"
dmg="dist/numdesk-$version-macos-$arch.dmg"
# hdiutil sometimes fails with "Resource busy" on CI machines: try a few times
for attempt in 1 2 3; do
  if hdiutil create -volname numdesk -srcfolder "$staging" -ov -format UDZO "$dmg"; then
    echo "built $dmg"
    exit 0
  fi
  echo "hdiutil failed (attempt $attempt); retrying" >&2
  sleep 5
done
exit 1
