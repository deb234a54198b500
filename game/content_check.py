"""`python -m game content check`: load and validate every title's content data.

Prints what each title holds; exits non-zero with a readable message naming the title
and the problem when any data file is invalid.
"""

from __future__ import annotations

import sys
from typing import TextIO


def content_check(out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    from rules.registry import TITLES

    failures = 0
    for title_id, title in sorted(TITLES.items()):
        try:
            summary = title.content_summary()
        except (ValueError, OSError) as problem:
            failures += 1
            print(f"{title_id}: INVALID CONTENT\n  {problem}".replace("\n", "\n  "), file=err)
            continue
        counts = ", ".join(f"{name} {count}" for name, count in summary.items()) or "no content data"
        print(f"{title_id}: ok ({counts})", file=out)
    if not TITLES:
        print("No titles are registered.", file=out)
    if failures:
        print(f"{failures} title(s) have invalid content data.", file=err)
        return 1
    return 0
