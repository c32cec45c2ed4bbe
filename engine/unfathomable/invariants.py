"""What every reachable state satisfies (checklist T184)."""
from __future__ import annotations


def violations(rules, s) -> list[str]:
    out = []
    for r, v in s["resources"].items():
        if not 0 <= v <= rules.pack.resources.maximum:
            out.append(f"resource {r} out of its dial: {v}")
    total = s["deep_one_supply"] + sum(s["deep_ones"].values())
    if total != rules.pack.setup.deep_ones_total:
        out.append(f"{total} Deep Ones instead of {rules.pack.setup.deep_ones_total}")
    return out
