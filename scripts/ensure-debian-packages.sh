#!/usr/bin/env bash
# Install the Debian packages the toolchain needs (fonts, PDF and graph tools, a browser for
# the tests) when they are missing: with apt-get as root, or stop and name them otherwise.
set -euo pipefail
missing=()
for package in "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
if [[ $(id -u) -ne 0 ]]; then
  echo "make: missing Debian packages: ${missing[*]}" >&2
  echo "make: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "installing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
