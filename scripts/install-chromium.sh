#!/usr/bin/env bash
# Installs Debian's Chromium (package chromium, /usr/bin/chromium) for the browser test of
# the HTML report (go test ./plots/htmlreport -run Chromium), which renders a report page
# headless, checks the screenshot is not blank and that the page logs no console error;
# without Chromium that test is skipped with a message.
#
#   scripts/install-chromium.sh        (as root; .ci/run runs it)
#
# Exits 0 also when apt cannot reach a package mirror or the install fails (printing SKIP):
# the test then skips. Every step is bounded in time; nothing is downloaded but the Debian
# package and its dependencies.
set -euo pipefail
if command -v chromium >/dev/null; then
	echo "install-chromium: $(chromium --version 2>/dev/null || echo chromium) already installed"
	exit 0
fi
if [[ $(id -u) != 0 ]]; then
	echo "install-chromium: SKIP: not root, cannot apt-get install chromium"
	exit 0
fi
log=/tmp/install-chromium.log
if ! timeout 180 apt-get -o DPkg::Lock::Timeout=300 update -qq >"$log" 2>&1; then
	echo "install-chromium: SKIP: apt-get update failed (see $log)"
	exit 0
fi
if ! DEBIAN_FRONTEND=noninteractive timeout 600 apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium >>"$log" 2>&1; then
	echo "install-chromium: SKIP: apt-get install chromium failed (see $log)"
	exit 0
fi
echo "install-chromium: $(chromium --version 2>/dev/null) installed"
