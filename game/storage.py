"""Where Siatka keeps its files, how it writes them without ever half-writing one, and
how it reads them without trusting them.

Settings and saves are the front end's business: the rules core never touches a disk.

Saves are JSON, never pickle (a save file from someone else must not run code).  Every
failure a disk can cause is an `OSError`: callers catch it, tell the player (see
`problem_key`) and go on.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_data_dir

TEMP_SUFFIX = ".tmp"
SCENARIO_FILE_BYTES = 20_000
"""The largest scenario file a builder saves or reads (a built scenario is a few hundred bytes)."""
"""Temporary files are ``.<name>.<random>.tmp`` beside the file they will replace."""


class UnsafeFile(OSError):
    """A file Siatka will not read: not a regular file (a FIFO, a device, a folder) or too large."""

    def __init__(self, key: str, path: Path) -> None:
        super().__init__(f"{path.name}: {key}")
        self.key = key
        """The message key saying why (``app.disk.not_a_file``, ``app.disk.too_large``)."""


def data_dir() -> Path:
    """The user data folder (``SIATKA_HOME`` overrides it, for tests and portable use)."""
    override = os.environ.get("SIATKA_HOME")
    path = Path(override) if override else Path(user_data_dir("siatka", appauthor=False))
    _make_folder(path)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    _make_folder(path)
    return path


def _make_folder(path: Path) -> None:
    """Create `path` if it can be; when it cannot, the read or write that needs it says why."""
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)


def autosave_path() -> Path:
    """The one autosave of versions before issue 28, which every new game overwrote: still
    listed and opened; a game now has its own file from its first move (`game.saves`)."""
    return saves_dir() / "autosave.json"


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; `OSError` otherwise.

    Every file Siatka reads is JSON text: a UTF-8 byte-order mark some editors put before
    it is dropped (issue 28, point 11), so such a file is read, not called damaged.

    A FIFO would block the open and a link to ``/dev/zero`` would never end, so the
    file is opened without blocking and refused (`UnsafeFile`) unless it is a regular
    file no larger than `limit`.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile("app.disk.not_a_file", path)
        if info.st_size > limit:
            raise UnsafeFile("app.disk.too_large", path)
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)  # a file growing as we read is cut off here
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UnsafeFile("app.disk.too_large", path)
    return without_bom(data)


UTF8_BOM = b"\xef\xbb\xbf"


def without_bom(data: bytes) -> bytes:
    """`data` without the UTF-8 byte-order mark it may start with."""
    return data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data


def read_head(path: Path, size: int) -> bytes:
    """The first `size` bytes of the regular file `path` (fewer when it is shorter); `OSError`
    otherwise.  Opened without blocking and refused unless regular, as `read_file` does."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile("app.disk.not_a_file", path)
        return os.read(fd, size)
    finally:
        os.close(fd)


def is_regular_file(path: Path) -> bool:
    """Whether `path` is a regular file (after links); never raises."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one.

    The text goes to a temporary file in the same folder, is flushed to disk, replaces
    `path` in one rename, and the folder is synced so the rename itself survives a
    power cut.  Any failure raises `OSError` and leaves the old file as it was.
    """
    data = text.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush `folder`'s entries (a rename) to disk.

    Windows cannot open a folder to sync it (NTFS journals the rename itself); some
    file systems do not sync folders and say so with EINVAL, which is no failure.
    """
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)


def clean_stale_temps() -> int:
    """Delete temporary files a killed write left behind; how many were deleted.

    Run at start, before anything is written, so no write of ours is in flight.
    """
    removed = 0
    for folder in (data_dir(), data_dir() / "saves"):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
                continue
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue  # not ours to fight over; the next start tries again
    return removed


_ERRNO_KEYS = {
    errno.ENOSPC: "app.disk.full",
    errno.EACCES: "app.disk.denied",
    errno.EPERM: "app.disk.denied",
    errno.EROFS: "app.disk.read_only",
    errno.EISDIR: "app.disk.is_folder",
    errno.ENOTDIR: "app.disk.not_folder",
    errno.EEXIST: "app.disk.not_folder",
    errno.ENOENT: "app.disk.missing",
    errno.ENAMETOOLONG: "app.disk.name_too_long",
}
if hasattr(errno, "EDQUOT"):  # over quota is a full disk to the player (not on every system)
    _ERRNO_KEYS[errno.EDQUOT] = "app.disk.full"


def explain(t: Callable[..., str], err: OSError) -> str:
    """What went wrong on disk, in the player's language (`t` translates a message key).

    The system's own text is English whatever the language; common failures have a
    key of their own, the rest show the system's text inside ``app.disk.other``.
    """
    if isinstance(err, UnsafeFile):
        return t(err.key)
    key = _ERRNO_KEYS.get(err.errno or 0)
    if key is not None:
        return t(key)
    return t("app.disk.other", reason=(err.strerror or type(err).__name__)[:200])
