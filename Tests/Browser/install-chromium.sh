#!/bin/bash
# Installs Debian's chromium for the browser test of the HTML reports, when it is missing.
# Only the test set-up calls this (make test-browser); `make run` never needs a browser.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core
