"""Durable file primitives for the JSONL journal: locks, opening, creating a file whole, fsync.

* :func:`flocked`: hold an advisory ``fcntl.flock`` for a block.
* :func:`open_existing`: open an existing regular file, turning OS errors into journal errors.
* :func:`not_a_file`: what a path that is not a regular file is, for a message (never opens it).
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
from typing import NoReturn

from journal.codec import ChainReader
from journal.errors import JournalCorrupt, JournalError, JournalExists, JournalNotFound
from journal.model import Commit
from journal.stream import check_lines

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


def not_a_file(path: PathLike) -> str | None:
    """What is at ``path`` when it is not a regular file, as a phrase for a message; ``None`` for a regular file.
    Never opens ``path`` (a named pipe would block) and never raises.

    The phrases: ``"no such file"``, ``"FOLDER is a file, not a folder"``, ``"a directory"``, ``"a named pipe
    (FIFO), not a regular file"``, ``"a special file (a device or a socket), not a regular file"``, ``"a loop of
    symbolic links"``, ``"a file name too long for the file system (N bytes in one name; at most M)"``,
    ``"cannot be read: <reason>"``.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        return _stat_failure(Path(path), exc)
    if stat.S_ISREG(info.st_mode):
        return None
    kind = _kind(info.st_mode)
    return kind if stat.S_ISDIR(info.st_mode) else f"{kind}, not a regular file"


def _kind(mode: int) -> str:
    """What a file of ``mode`` that is not a regular file is, for a message."""
    if stat.S_ISDIR(mode):
        return "a directory"
    return "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a special file (a device or a socket)"


def _stat_failure(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "no such file"
    if exc.errno == errno.ENOTDIR:
        folder = next((p for p in reversed(path.parents) if os.path.isfile(p)), path.parent)
        return f"{folder} is a file, not a folder"
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links (each points on to the next, never to a file)"
    if exc.errno == errno.ENAMETOOLONG:
        return too_long(path)
    return f"cannot be read: {exc.strerror}"


def too_long(path: PathLike) -> str:
    """The phrase for a path the file system refuses as too long (``ENAMETOOLONG``): its longest name's length in
    bytes and the limit (``NAME_MAX``, 255 on most file systems)."""
    longest = max((len(os.fsencode(part)) for part in Path(path).parts), default=0)
    limit = name_max(Path(path).parent if longest else Path("."))
    if longest <= limit:
        return f"a path too long for the file system ({len(os.fsencode(os.fspath(path)))} bytes)"
    return f"a file name too long for the file system ({longest} bytes in one name; at most {limit})"


def name_max(folder: Path) -> int:
    """The longest file name, in bytes, the file system of ``folder`` takes (``NAME_MAX``; 255 when it cannot
    be asked)."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def open_existing(path: Path, flags: int) -> int:
    """``os.open`` an existing regular file, mapping failures to journal errors. A named pipe or a device is
    refused from ``stat`` before any ``open``, and the file is opened non-blocking and checked again (``fstat``)
    before the flag is cleared: a FIFO never blocks the reader, even one put in place in between.

    Raises:
        JournalNotFound: nothing at ``path`` (or a parent is not a directory: the message names it).
        JournalCorrupt: ``path`` is a directory or not a regular file (``line`` 1).
        JournalError: the file cannot be opened (e.g. permission denied, a loop of symbolic links, a name too
            long for the file system); the ``OSError`` is the ``__cause__``.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        _raise_open_failure(Path(path), exc, "read")
    _check_regular(path, info.st_mode)
    try:
        fd = os.open(path, flags | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        _raise_open_failure(Path(path), exc, "open")
    try:
        _check_regular(path, os.fstat(fd).st_mode)
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_regular(path: PathLike, mode: int) -> None:
    if not stat.S_ISREG(mode):  # nothing was read: no line to name
        kind = _kind(mode)
        raise JournalCorrupt("not a journal file", path=path,
                             expected="a regular file holding a lifeboat-journal", found=kind)


def _raise_open_failure(path: Path, exc: OSError, verb: str) -> NoReturn:
    if isinstance(exc, (FileNotFoundError, NotADirectoryError)):
        what = _stat_failure(path, exc)
        raise JournalNotFound("no such file" if what == "no such file" else f"no such file: {what}",
                              path=path) from exc  # as the streaming reader says
    if exc.errno in (errno.ELOOP, errno.ENAMETOOLONG):
        raise JournalError(f"cannot {verb} the journal: {_stat_failure(path, exc)}", path=path) from exc
    raise JournalError(f"cannot {verb} the journal: {exc.strerror}", path=path) from exc


@contextmanager
def checked_file(path: Path) -> Iterator[tuple[ChainReader, Iterator[tuple[int, bytes, Commit | None]]]]:
    """Open the journal file at ``path`` read-only and give ``(reader, lines)``: ``lines`` streams
    :func:`journal.stream.check_lines` over the bytes the file held when opened (its size read under a shared
    lock), ``reader`` the :class:`journal.codec.ChainReader` they go through. The file is closed after the block.

    Raises:
        JournalNotFound, JournalCorrupt, JournalError: from :func:`open_existing`.
        (while iterating) what :func:`journal.stream.check_lines` raises.
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
        JournalNotFound: the directory of ``path`` does not exist (or is a file: the message names it).
        JournalError: another OS error (disk full, permission, a name too long for the file system...).
        TypeError, ValueError: raised while producing ``lines`` (nothing is left at ``path``).
    """
    path = Path(path)
    try:
        os.lstat(path)
    except OSError as exc:  # a name the file system refuses is named as such, not as the temporary file's
        if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP):
            raise JournalError(f"cannot create the journal: {_stat_failure(path, exc)}", path=path) from exc
    else:
        what = "a directory" if path.is_dir() else "a file"  # 'export -o DIR' said 'found a file'
        raise JournalExists(f"{what} already exists here", path=path, expected="no file", found=what)
    directory = path.parent
    name = os.fsencode(path.name)
    stem = name[:100].decode("utf-8", "ignore") if len(name) > 100 else path.name  # a 250-byte name is allowed
    temp = directory / f".{stem}.{os.getpid()}.{secrets.token_hex(4)}.tmp"  # at most ~130 bytes
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE_MODE)
    except (FileNotFoundError, NotADirectoryError) as exc:
        if isinstance(exc, FileNotFoundError) and directory.is_dir():  # /proc: it exists, but makes no new file
            raise JournalError(f"cannot create the journal: {_unwritable(directory, exc)}", path=path) from exc
        what = _stat_failure(path, exc)  # "<folder> is a file, not a folder" where one is
        found = "nothing" if what == "no such file" else "a file"
        raise JournalNotFound("the directory does not exist" if found == "nothing" else what, path=directory,
                              expected="a directory", found=found) from exc
    except OSError as exc:
        raise JournalError(f"cannot create the journal: {_unwritable(directory, exc)}", path=path) from exc
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


def _unwritable(directory: Path, exc: OSError) -> str:
    """Why no new file can be made in the existing ``directory`` (``exc`` from creating one), and what to do."""
    why = {errno.EACCES: "permission denied", errno.EPERM: "permission denied", errno.EROFS: "a read-only file "
           "system", errno.ENOENT: "its file system makes no new files there, as /proc does"}.get(exc.errno or 0)
    if why is None:
        return exc.strerror or str(exc)
    try:
        if os.statvfs(directory).f_flag & os.ST_RDONLY:
            why = "a read-only file system"
    except OSError:
        pass
    return f"{directory} cannot be written ({why}); choose another folder"


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
