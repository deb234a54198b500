"""`python -m game content check`: load and validate every title's content data and every
message catalog, and check that the catalogs hold every message each title needs.

Prints what each title holds; exits 1 with one line per problem, each naming its file
(and the line where the parser knows it), when any data file or catalog is unusable, or
naming the key when a catalog lacks a message a title needs (`game.title_needs`).
"""

from __future__ import annotations

import sys
from typing import TextIO


def content_check(out: TextIO | None = None, err: TextIO | None = None) -> int:
    from game.i18n import LANGUAGES, catalog, catalog_problems
    from game.title_needs import needs_problems
    from rules.registry import TITLES

    out, err = out or sys.stdout, err or sys.stderr
    failures = 0
    loaded = []
    for title_id, title in sorted(TITLES.items()):
        try:
            summary = title.content_summary()
        except (ValueError, OSError, RecursionError) as problem:
            failures += 1
            indented = "\n".join(f"  {line}" for line in str(problem).splitlines())
            print(f"{title_id}: INVALID CONTENT\n{indented}", file=err)
            continue
        counts = ", ".join(f"{name} {count}" for name, count in summary.items()) or "no content data"
        print(f"{title_id}: ok ({counts})", file=out)
        loaded.append(title)
    if not TITLES:
        print("No titles are registered.", file=out)
    catalogs = catalog_problems()
    for line in catalogs:
        print(f"catalog: {line}", file=err)
    if not catalogs:
        print("message catalogs: ok", file=out)
    missing = needs_problems(loaded, {language: catalog(language) for language in LANGUAGES})
    for line in missing:
        print(f"catalog: {line}", file=err)
    if loaded and not missing:
        print("every message the titles need: ok", file=out)
    if failures or catalogs or missing:
        print(
            f"{failures} title(s) with invalid content data, {len(catalogs)} catalog problem(s), "
            f"{len(missing)} message(s) missing.",
            file=err,
        )
        return 1
    return 0
