#!/usr/bin/env bash
# Install Debian's Chromium (and a CJK font, so Chinese text renders in screenshots) for the
# browser tests, on a machine that has none. Playwright drives it through executable_path: no
# browser download.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "wenquanyi\|noto sans cjk"; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >&2
fi
chromium --version >&2
