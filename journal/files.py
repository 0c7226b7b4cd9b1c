"""Durable file primitives for the JSONL journal: locks, opening, creating a file whole, fsync.

* :func:`flocked`: hold an advisory ``fcntl.flock`` for a block.
* :func:`open_existing`: open an existing regular file, turning OS errors into journal errors.
* :func:`write_new_file`: write a new file whole (temporary file, ``fsync``, hard link), never over another file.
* :func:`checked_file`: stream a journal file's lines, each checked.
* :func:`fsync_directory`, :func:`write_all`.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from journal.codec import ChainReader, check_lines
from journal.errors import JournalCorrupt, JournalError, JournalExists, JournalNotFound
from journal.model import Commit

PathLike = str | os.PathLike[str]

PRIVATE_MODE = 0o600
"""The mode of every file :func:`write_new_file` creates: its owner's only. A journal holds every secret of its
game in full (a Lifeboat game's line 2 deals every LOVE, HATE and first hand), as does a torn line's side file."""


@contextmanager
def flocked(fd: int, mode: int) -> Iterator[None]:
    """Hold ``fcntl.flock(fd, mode)`` (``LOCK_SH`` or ``LOCK_EX``) for the ``with`` block."""
    fcntl.flock(fd, mode)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def open_existing(path: Path, flags: int) -> int:
    """``os.open`` an existing regular file, mapping failures to journal errors.

    Raises:
        JournalNotFound: nothing at ``path`` (or a parent is not a directory).
        JournalCorrupt: ``path`` is a directory or not a regular file (``line`` 1).
        JournalError: the file cannot be opened (e.g. permission denied).
    """
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise JournalNotFound("no such file", path=path) from exc  # as the streaming reader says
    except OSError as exc:
        raise JournalError(f"cannot read the journal: {exc.strerror}", path=path) from exc
    if not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a special file"
        raise JournalCorrupt(f"not a journal file but {kind}", path=path, line=1,
                             expected="a regular file holding a lifeboat-journal", found=kind)
    try:
        return os.open(path, flags | os.O_CLOEXEC)
    except FileNotFoundError as exc:
        raise JournalNotFound("no such file", path=path) from exc  # as the streaming reader says
    except OSError as exc:
        raise JournalError(f"cannot open the journal: {exc.strerror}", path=path) from exc


@contextmanager
def checked_file(path: Path) -> Iterator[tuple[ChainReader, Iterator[tuple[int, bytes, Commit | None]]]]:
    """Open the journal file at ``path`` read-only and give ``(reader, lines)``: ``lines`` streams
    :func:`journal.codec.check_lines` over the bytes the file held when opened (its size read under a shared
    lock), ``reader`` the :class:`journal.codec.ChainReader` they go through. The file is closed after the block.

    Raises:
        JournalNotFound, JournalCorrupt, JournalError: from :func:`open_existing`.
        (while iterating) what :func:`journal.codec.check_lines` raises.
    """
    fd = open_existing(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as stream:
        with flocked(fd, fcntl.LOCK_SH):
            end = os.fstat(fd).st_size
        reader = ChainReader(str(path))
        yield reader, check_lines(reader, stream, 0, end)


def write_new_file(path: Path, lines: Iterable[bytes]) -> None:
    """Write ``lines`` to a new file at ``path``, durably, never replacing an existing file.

    Writes a temporary file beside ``path``, ``fsync``\\ s it, hard-links it to ``path`` (atomic and exclusive)
    and ``fsync``\\ s the directory. On a file system without hard links it creates ``path`` exclusively and
    writes it in place. The file is readable and writable by its owner only (:data:`PRIVATE_MODE`, 0600, less
    what the umask takes away).

    Raises:
        JournalExists: a file (or anything) already exists at ``path``.
        JournalNotFound: the directory of ``path`` does not exist.
        JournalError: another OS error (disk full, permission...).
        TypeError, ValueError: raised while producing ``lines`` (nothing is left at ``path``).
    """
    path = Path(path)
    if os.path.lexists(path):
        what = "a directory" if path.is_dir() else "a file"  # 'export -o DIR' said 'found a file'
        raise JournalExists(f"{what} already exists here", path=path, expected="no file", found=what)
    directory = path.parent
    temp = directory / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE_MODE)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise JournalNotFound("the directory does not exist", path=directory, expected="a directory",
                              found="nothing") from exc
    except OSError as exc:
        raise JournalError(f"cannot create the journal: {exc.strerror}", path=path) from exc
    try:
        try:
            for line in lines:
                write_all(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)
        except FileExistsError as exc:
            raise JournalExists("a file already exists here", path=path, expected="no file",
                                found="a file") from exc
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                raise JournalError(f"cannot create the journal: {exc.strerror}", path=path) from exc
            _copy_exclusive(temp, path)
    except OSError as exc:
        raise JournalError(f"cannot write the journal: {exc.strerror}", path=path) from exc
    finally:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
    fsync_directory(directory)


def _copy_exclusive(source: Path, target: Path) -> None:
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE_MODE)
    except FileExistsError as exc:
        raise JournalExists("a file already exists here", path=target, expected="no file",
                            found="a file") from exc
    try:
        with open(source, "rb") as stream:
            for chunk in iter(lambda: stream.read(1 << 20), b""):
                write_all(fd, chunk)
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_directory(directory: Path) -> None:
    """``fsync`` a directory so a new or shortened entry in it survives a crash (best effort off Linux)."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (one ``write`` unless the kernel accepts only part of it)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
