"""What reaches the terminal: text read from a journal (a card id, a player name, a note, any field of a
hand-edited, re-chained journal) never drives it (docs/cli.md, "Errors"). Control characters are escaped as
Python writes them (``\\x1b``, :func:`lifeboat.service.errors.printable`), the newline kept; ``--json`` text escapes DEL
and the C1 controls too. And what comes from it: a line typed at a prompt, where Ctrl-C always interrupts
(:func:`read_line`). Imports nothing of ``cli``."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable


def terminal_safe(text: str, keep: str = "\n") -> str:
    """``text`` with every unprintable character but those in ``keep`` escaped as Python writes it (ESC as
    ``\\x1b``, as :func:`lifeboat.service.errors.printable` does): a player name, card id or note read from a hand-edited
    journal never drives the terminal (clears the screen, hides text, sets the title). Raises nothing."""
    if text.isprintable():
        return text
    from lifeboat.service.errors import printable

    return "".join(c if c in keep else printable(c) for c in text)


_DEL_AND_C1 = {c: f"\\u{c:04x}" for c in range(0x7F, 0xA0)}


def json_text(value) -> str:
    """``value`` (anything msgspec encodes) as compact JSON text, one line, DEL and the C1 controls (U+007F to
    U+009F, which a terminal may act on) written as ``\\u`` escapes like those below U+0020 msgspec escapes
    itself: ``--json`` output of a hand-edited journal drives no terminal. Raises ``TypeError`` for a value
    msgspec cannot encode."""
    import msgspec

    return msgspec.json.encode(value).decode().translate(_DEL_AND_C1)


class _Escaped:
    """A renderable printed as ``inner`` is, the text of its segments made :func:`terminal_safe` (rich's own
    control segments and the style codes it adds when writing are left alone)."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def __rich_console__(self, out, options):
        from rich.segment import Segment

        for seg in out.render(self.inner, options):
            yield seg if seg.control or seg.text.isprintable() else Segment(terminal_safe(seg.text), seg.style)


class _EscapeHook:
    """A rich render hook wrapping everything printed in :class:`_Escaped`."""

    def process_renderables(self, renderables):
        return [_Escaped(r) for r in renderables]


#: The control codes rich's ``Text`` silently drops (BEL, BS, VT, FF, CR: ``rich.control.STRIP_CONTROL_CODES``),
#: escaped instead as Python writes them, like every other control character (docs/cli.md, "Errors").
_RICH_DROPS = {c: repr(chr(c))[1:-1] for c in (7, 8, 11, 12, 13)}


def _escape_dropped(text: str, _table: object = None) -> str:
    """What rich's ``Text`` does to the text it is given, in place of ``rich.text.strip_control_codes``: the
    control codes rich would drop are escaped (``bel\\x07del``), never lost; a hand-edited journal's BEL reads as
    one. Any other character is left to the render hook (:class:`_EscapeHook`)."""
    return text.translate(_RICH_DROPS)


def escaping(out):
    """The rich console ``out``, from now on making the text of all it prints :func:`terminal_safe`. Also makes
    every rich ``Text`` of this process escape (not drop) BEL, BS, VT, FF and CR (:func:`_escape_dropped`)."""
    import rich.text

    rich.text.strip_control_codes = _escape_dropped  # type: ignore[assignment, attr-defined]  # Text looks it up at each call
    out.push_render_hook(_EscapeHook())
    return out


class _WatchedFile(io.FileIO):
    """stdout's or stderr's file descriptor, remembering the first write to it that failed (:func:`output_failed`
    tells stdout's full disk from another file's error by it; :func:`pipe_closed` a reader gone from either)."""

    failed: dict[int, OSError] = {}  # file descriptor (1, 2) → the first error writing to it

    def write(self, data):
        try:
            return super().write(data)
        except OSError as exc:
            _WatchedFile.failed.setdefault(self.fileno(), exc)
            raise


def _watched(stream, errors: str):
    """``stream`` (sys.stdout or sys.stderr) rebuilt over a :class:`_WatchedFile` of its file descriptor, with the
    same encoding and buffering, writing a character it cannot show as ``errors`` says; ``stream`` itself when it
    is no open text file of a descriptor (a test's capture)."""
    if not isinstance(stream, io.TextIOWrapper) or stream.closed:
        return stream
    stream.flush()
    raw = _WatchedFile(stream.fileno(), "w", closefd=False)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding, errors=errors,
                            line_buffering=stream.line_buffering, write_through=stream.write_through)


def tolerant_streams() -> None:
    """Make stdout and stderr write a character their encoding cannot show as a Python escape (``Zo\\xeb``,
    ``\\u674e``) instead of raising ``UnicodeEncodeError`` (``PYTHONIOENCODING=ascii``, a ``C`` locale's pipe):
    the output is never cut by a name; stdin reads such a byte as a lone surrogate, which a prompt refuses as it
    refuses any byte that is not text (never ``UnicodeDecodeError``). stdout and stderr are rebuilt over a
    :class:`_WatchedFile` (same encoding and buffering) so that a failed write to either is known. Call once,
    before anything is printed."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        errors = getattr(stream, "errors", None)
        setattr(sys, name, _watched(stream, "backslashreplace" if errors in (None, "strict") else errors))
    if getattr(sys.stdin, "errors", None) == "strict" and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")  # a byte it cannot decode: refused as no text (NOTATION-1)


PIPE_CLOSED = 128 + 13
"""What the shell reports for a command a closed pipe ended (128 + SIGPIPE's number): see :func:`end_on_closed_pipe`."""


def pipe_closed() -> bool:
    """Whether the first write that failed to stdout, or to stderr (:func:`tolerant_streams`), met a pipe its
    reader closed (``… | head``, ``lifeboat nonsense 2>&1 | head -1``), whoever caught the error after it (click,
    typer and rich each catch it and exit 1)."""
    import errno

    return any(exc.errno == errno.EPIPE for exc in _WatchedFile.failed.values())


def end_on_closed_pipe() -> None:
    """End the process as a closed pipe ends ``git log`` or ``seq``: killed by SIGPIPE, silently. The shell
    reports 141 (:data:`PIPE_CLOSED`) and prints nothing; ``lifeboat replay g.jsonl | head -3`` has head's status,
    0, and a ``set -o pipefail`` script still learns the output was cut short (0 would say it was all delivered,
    1 says "a bug" here). Call once the command has unwound (its files closed); where there is no SIGPIPE
    (Windows), exits with 141."""
    import os
    import signal

    try:
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr's reader is the one gone (``2>&1 | head``): what is left goes nowhere
        pass
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # Python ignores it by default, to raise BrokenPipeError
        os.kill(os.getpid(), signal.SIGPIPE)
    os._exit(PIPE_CLOSED)


def output_failed(exc: BaseException) -> int | None:
    """The exit code when writing stdout or stderr failed (:func:`tolerant_streams`), ``None`` when ``exc`` is
    something else. A closed pipe on either (``… | head``, ``… 2>&1 | head``) is :data:`PIPE_CLOSED`, nothing
    printed (:func:`end_on_closed_pipe` ends the process); any other failure of stdout (a full disk: ``>
    /dev/full``) is one line on stderr and exit 2 (an output that cannot go where it is named, docs/cli.md), of
    stderr alone exit 2, silently. The stream that failed is pointed at ``os.devnull`` so the interpreter's last
    flush says nothing."""
    if not isinstance(exc, OSError) or not _WatchedFile.failed:
        return None
    if pipe_closed():
        quiet_stdout()
        return PIPE_CLOSED
    first = _WatchedFile.failed.get(1)
    if first is None:  # stderr alone failed (``2> /dev/full``): nothing more can be said, nor where
        _quiet(sys.stderr)
        return 2
    quiet_stdout()
    from lifeboat.i18n import _

    sys.stderr.write(_("lifeboat: cannot write the output ({error}); what was printed stops there").format(
        error=first.strerror or first) + "\n")
    return 2


def quiet_stdout() -> None:
    """Point stdout's file descriptor at ``os.devnull``: what is still buffered goes nowhere, silently."""
    _quiet(sys.stdout)


def _quiet(stream) -> None:
    """Point ``stream``'s file descriptor at ``os.devnull``. Raises nothing."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):  # no file descriptor: nothing more reaches anything
        pass


_wake: tuple[int, int] | None = None  # the pipe Python's C-level signal handler writes to (read end, write end)
_typed: dict[int, int] = {}  # stdin's descriptor → a non-blocking descriptor of the same terminal


def read_line() -> str:
    """One line typed on stdin, as ``sys.stdin.readline()`` gives it ('' at the end of input), where a Ctrl-C
    always raises ``KeyboardInterrupt``, however late it comes before the line.

    ``sys.stdin.readline()`` loses a Ctrl-C that lands between Python's last look at its signal flag and the
    ``read`` system call that then blocks: the signal arrived before the read, so nothing interrupts the read, and
    Python acts on it only once a line is typed (issue 27: a process preempted there under load waited with its
    ^C delivered and its hand unsaved). Here the C-level handler also writes to a pipe (``signal.set_wakeup_fd``)
    that is waited on with the terminal, so a Ctrl-C before the wait ends it at once, and the terminal is read
    through a non-blocking descriptor of its own, so a Ctrl-C that empties the line just read (the terminal
    discards typed input on ^C) cannot leave a read blocked either. Not at a terminal (a pipe, a file), on a
    system without ``select`` on a terminal, or off the main thread: ``sys.stdin.readline()``."""
    import os
    import threading

    if os.name != "posix" or threading.current_thread() is not threading.main_thread() or not sys.stdin.isatty():
        return sys.stdin.readline()
    import codecs
    import signal

    global _wake
    if _wake is None:
        _wake = os.pipe()
        for end in _wake:
            os.set_blocking(end, False)
    fd = _terminal(sys.stdin.fileno())
    decode = codecs.getincrementaldecoder(sys.stdin.encoding)(sys.stdin.errors or "strict").decode
    before = signal.set_wakeup_fd(_wake[1], warn_on_full_buffer=False)
    try:
        return _read_until_newline(fd, _wake[0], decode)
    finally:
        signal.set_wakeup_fd(before)


def _terminal(stdin: int) -> int:
    """A descriptor reading stdin's terminal without ever blocking (its own open file: the shell's stays as it
    was); ``stdin`` itself if the terminal cannot be opened again (a read then waits until the line is there)."""
    import os

    if stdin not in _typed:
        try:
            _typed[stdin] = os.open(os.ttyname(stdin), os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError:
            _typed[stdin] = stdin
    return _typed[stdin]


def _read_until_newline(fd: int, wake: int, decode: Callable[..., str]) -> str:
    """The text read from ``fd`` up to its first newline or the end of input, waiting on ``fd`` and the wake-up
    pipe ``wake``: a signal before or during the wait raises its exception (``KeyboardInterrupt``) as the wait
    returns."""
    import os
    import select

    text = ""
    while "\n" not in text:
        ready = select.select([fd, wake], [], [])[0]
        if wake in ready:
            while _drained(wake):
                pass
        if fd not in ready:
            continue
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:  # a Ctrl-C discarded the line between the wait and the read: its exception comes
            continue
        if not data:  # the end of input (Ctrl-D)
            return text + decode(b"", True)
        text += decode(data)
    return text


def _drained(fd: int) -> bool:
    """Whether reading the non-blocking ``fd`` found bytes (more may follow)."""
    import os

    try:
        return bool(os.read(fd, 512))
    except BlockingIOError:
        return False
