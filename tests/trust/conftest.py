"""Issue 10's hostile disks: a data folder that fills up or turns read-only, for real when it can.

Where the machine lets the tests mount a file system (root with the right to mount), the
data folder is a 256 KiB tmpfs that really fills and is really remounted read-only.
Elsewhere the same failures are simulated at the system call the disk would refuse
(``fsync`` with ENOSPC, ``mkstemp`` with EROFS or a folder without write permission),
so the tests assert the same behaviour either way.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _as_root() -> bool:
    return getattr(os, "geteuid", lambda: -1)() == 0


def _mount(*args: str) -> bool:
    if shutil.which("mount") is None or not _as_root():
        return False
    return subprocess.run(["mount", *args], capture_output=True, check=False).returncode == 0


class Disk:
    """The test's data folder, which the test can fill up or make read-only and back."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.patches = pytest.MonkeyPatch()
        """Its own, so that undoing a simulated failure leaves the test's other patches alone."""
        home.mkdir(parents=True, exist_ok=True)
        self.mounted = _mount("-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", str(home))
        self._filler = home / "filler.bin"

    def fill(self) -> None:
        if self.mounted:
            with self._filler.open("wb", buffering=0) as handle:
                try:
                    while True:
                        handle.write(b"\0" * 4096)
                except OSError as err:
                    assert err.errno == errno.ENOSPC
        else:
            self.patches.setattr(os, "fsync", _refuse(errno.ENOSPC))

    def read_only(self) -> None:
        if self.mounted:
            assert _mount("-o", "remount,ro", str(self.home))
        elif not _as_root():
            for folder in (self.home, self.home / "saves"):
                folder.mkdir(exist_ok=True)
                folder.chmod(0o555)
        else:  # root ignores permissions, and cannot mount here: simulate the read-only disk
            self.patches.setattr(tempfile, "mkstemp", _refuse(errno.EROFS))

    def writable(self) -> None:
        """Undo `fill` and `read_only`."""
        if self.mounted:
            _mount("-o", "remount,rw", str(self.home))
            self._filler.unlink(missing_ok=True)
        else:
            self.patches.undo()
            for folder in (self.home, self.home / "saves"):
                if folder.exists():
                    folder.chmod(0o755)

    def close(self) -> None:
        self.writable()
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.home)], capture_output=True, check=False)


def _refuse(code: int) -> Any:
    def refused(*args: object, **kwargs: object) -> Any:
        raise OSError(code, os.strerror(code))

    return refused


@pytest.fixture
def disk(siatka_home: Path) -> Iterator[Disk]:
    made = Disk(siatka_home)
    try:
        yield made
    finally:
        made.close()
