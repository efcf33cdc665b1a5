#!/bin/sh
# Adds numdesk (this unpacked folder) to your desktop's application menu, with its icon,
# and makes .numdesk-json export files open with it. Only files in your home folder are
# written; nothing needs root. Run it again after moving the folder.
#   ./install-desktop-entry.sh            add (or update) the menu entry
#   ./install-desktop-entry.sh --remove   take it out again (your library is kept)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
apps="$data/applications"
icons="$data/icons/hicolor/256x256/apps"
mime="$data/mime"

refresh() {
  if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$mime" || true; fi
  if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$apps" || true; fi
}

if [ "${1:-}" = "--remove" ]; then
  rm -f "$apps/numdesk.desktop" "$icons/numdesk.png" "$mime/packages/numdesk.xml"
  refresh
  echo "numdesk removed from your applications menu (your library was not touched)."
  exit 0
fi

mkdir -p "$apps" "$icons" "$mime/packages"
cp "$here/numdesk.png" "$icons/numdesk.png"
cp "$here/numdesk-mime.xml" "$mime/packages/numdesk.xml"
# Exec gets the absolute path, quoted as the Desktop Entry spec asks (\ " ` $ escaped).
EXE="$(printf '%s' "$here/numdesk" | sed 's/[\\"`$]/\\\\&/g')" awk '
  /^Exec=numdesk / { sub(/^Exec=numdesk /, ""); print "Exec=\"" ENVIRON["EXE"] "\" " $0; next }
  { print }' "$here/numdesk.desktop" > "$apps/numdesk.desktop"
chmod 644 "$apps/numdesk.desktop"
refresh
echo "numdesk added to your applications menu."
