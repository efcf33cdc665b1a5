#!/usr/bin/env bash
# Installs the Debian libraries Qt needs offscreen/under Xvfb and the PDF tools the
# tests use. As root it installs what is missing; otherwise it prints the apt command.
set -euo pipefail
pkgs=(libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 fonts-dejavu-core
      xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
      libxcb-render-util0 libxcb-shape0 libxkbcommon-x11-0 poppler-utils)
command -v dpkg-query >/dev/null 2>&1 || exit 0
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $cmd
else
  echo "numdesk needs these system packages; run as root:" >&2
  echo "  sudo apt-get update && sudo $cmd" >&2
  exit 1
fi
