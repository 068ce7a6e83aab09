"""Reads pip-audit's JSON on stdin: exit 1 on any known vulnerability, 3 when the advisory
service answered for no package (the audit did not run), 0 otherwise (scripts/audit.sh)."""

import json
import sys

deps = json.load(sys.stdin)["dependencies"]
skipped = [d for d in deps if "skip_reason" in d]
vulns = [(d["name"], d["version"], v["id"], v.get("fix_versions")) for d in deps for v in d.get("vulns", [])]
for name, version, vid, fix in vulns:
    print(f"  VULNERABLE {name} {version}: {vid} (fixed in {', '.join(fix) if fix else 'no release yet'})")
audited = len(deps) - len(skipped)
if vulns:
    sys.exit(1)
if audited == 0:
    reason = skipped[0]["skip_reason"] if skipped else "no packages"
    print(f"  NOT RUN: the advisory service answered for none of {len(deps)} packages ({reason})")
    sys.exit(3)
print(f"  {audited} packages audited, no known vulnerabilities" + (f"; {len(skipped)} not found" if skipped else ""))
