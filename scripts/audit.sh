#!/usr/bin/env bash
# Known vulnerabilities in what the app ships: pip-audit over backend/requirements.lock and
# `npm audit --omit=dev`; fails on any known vulnerability in the Python packages (the advisory
# data PyPI serves carries no severity) and on high or critical ones in the npm packages.
# Where pip-audit's advisory service is unreachable (as on the project's machines), the Python
# packages are audited from PyPI's project data instead (scripts/audit_pypi.py). An audit whose
# service cannot be reached at all is reported as NOT RUN (loudly) rather than passed or failed.
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
if [ ! -x .venv-audit/bin/pip-audit ]; then
  python3 -m venv .venv-audit && .venv-audit/bin/pip install -q --no-deps -r scripts/audit-requirements.lock || exit 1
fi

echo "[audit] Python packages (backend/requirements.lock)"
out=$(.venv-audit/bin/pip-audit -r backend/requirements.lock --no-deps --disable-pip --progress-spinner off -f json 2>/dev/null)
echo "$out" | .venv-audit/bin/python scripts/audit_report.py
rc=$?
if [ $rc = 3 ]; then
  echo "[audit] pip-audit's advisory service is unreachable; auditing through PyPI's project data instead"
  .venv-audit/bin/python scripts/audit_pypi.py backend/requirements.lock
  rc=$?
fi
case $rc in 0|3) ;; *) status=1 ;; esac

echo "[audit] npm packages shipped to the browser (npm audit --omit=dev)"
npm_out=$(npm audit --omit=dev --audit-level=high 2>&1)
npm_rc=$?
if echo "$npm_out" | grep -q "audit endpoint returned an error\|ENOTFOUND\|ECONNREFUSED\|EAI_AGAIN"; then
  echo "  NOT RUN: the npm advisory endpoint cannot be reached from here"
elif [ $npm_rc -ne 0 ]; then
  echo "$npm_out" | grep -v "npm warn"
  status=1
else
  echo "$npm_out" | grep -v "npm warn" | tail -n 2 | sed 's/^/  /'
fi
exit $status
