"""``--help`` pages and usage errors in the reader's language (issue 29; docs/translation.md, "The CLI's own words").

Typer parses with a copy of click it carries (``typer._click``), whose words are plain English: the usage line
(``Usage:``), the help option's line, a usage error's hint and prefix (``Try '…' for help.``, ``Error:``) and its
message (``No such option: --x``, ``Missing argument 'game'.``). Typer's own words (the sections ``Arguments``,
``Options``, ``Commands``; ``[default: …]``, ``[required]``) are marked for gettext and looked up, as gettext does,
in the program's global text domain in the language of the ``LANGUAGE`` variable. This module speaks both through
our catalogs, in the language :mod:`lifeboat.i18n` uses:

- :class:`Speaking`, the base of our group and commands, writes the usage line with a translated prefix, and
  formats a help page with every help text of ours (the commands' docstrings, the options' ``help=``: extracted
  by ``tools/catalogs.py`` from the app itself) and the help option's line translated, Typer's words looked up in
  our catalog for the time of the formatting (:func:`typer_words`);
- :func:`translated` makes a usage error that shows itself translated (:class:`TranslatedUsage`).

English runs none of it: the texts are their own message ids.
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from typer import _click
from typer.core import TyperGroup
from typer._click.exceptions import BadParameter, MissingParameter, NoArgsIsHelpError, NoSuchOption, UsageError

# (lifeboat.i18n is imported only when a run is not in English: ``import cli.app`` and an English ``--help`` import
# no part of the game, tests/cli/test_cli_basic.py)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog (tools/catalogs.py), as :func:`lifeboat.i18n.N_` does."""
    return message


def language() -> str:
    """The language of this run: :func:`lifeboat.i18n.language`, English while nothing imported it."""
    i18n = sys.modules.get("lifeboat.i18n")
    return "en" if i18n is None else str(i18n.language())


def _(message: str) -> str:
    from lifeboat.i18n import _ as translate

    return translate(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    from lifeboat.i18n import ngettext as translate

    return translate(singular, plural, n)


HELP_OPTION = N_("Show this message and exit.")
# Typer's own words, looked up through gettext (typer/core.py): listed here so that the catalog has them
TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("required"), N_("default: {default}"),
               N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"))
SHORT = 60
"""The width, in terminal columns, of a command's summary in the group's list: 30 Chinese characters (each takes
two columns), where click cuts English at 45; with the command names' column the list stays within 72 columns."""


@contextmanager
def typer_words() -> Iterator[None]:
    """Inside this block Typer's gettext words come from our catalog in the language in use: the global text
    domain bound to our catalogs, ``LANGUAGE`` set to the language; both as they were afterwards."""
    lang = language()
    if lang == "en":
        yield
        return
    from lifeboat.i18n import DOMAIN, LOCALE_DIR

    before_domain, before_lang = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        gettext.textdomain(before_domain)
        if before_lang is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before_lang


def short_help(text: str) -> str:
    """A help text's first sentence or clause (up to ``.``, ``:``, ``;`` or their full-width forms), for the
    group's list of commands, without a closing ``。``: whole if it fits :data:`SHORT` columns, else without what its
    brackets add, else up to its last comma that fits, else cut after a word with "…" (click cut English at 45
    characters, mid-word and mid-list: ``survival, treasure, love,...``)."""
    first = re.split(r"(?<=[。：；])|(?<=[\w)][.:;])\s", text.strip(), maxsplit=1)[0].rstrip("。：；.:;")
    widths = [_columns(ch) for ch in first]
    if sum(widths) <= SHORT:
        return first
    for mark in ("（", " ("):  # too long: what the brackets add goes first (it was cut inside them: '（"要是船…')
        if mark in first and sum(widths[:first.index(mark)]) <= SHORT:
            return first[:first.index(mark)].rstrip("，,")
    commas = [i for i, ch in enumerate(first) if ch in "，," and sum(widths[:i]) <= SHORT]
    if commas:
        return first[:commas[-1]]
    cut, used = 0, 0
    while used + widths[cut] <= SHORT - 2:  # room for the "…"
        used += widths[cut]
        cut += 1
    space = first.rfind(" ", 0, cut + 1)  # English: after a whole word
    return (first[:space] if space > cut // 2 else first[:cut]) + "…"


@contextmanager
def _translated_texts(command: Any, ctx: Any) -> Iterator[None]:
    """The help texts of ``command``, its parameters, its help option and (a group) its commands, translated for
    the time of this block (as written in English), each command's summary :func:`short_help`."""
    undo: list[Callable[[], None]] = []

    def swap(obj: Any, attr: str, value: Any) -> None:
        old = getattr(obj, attr)
        undo.append(lambda: setattr(obj, attr, old))
        setattr(obj, attr, value)

    try:
        if command.help:
            swap(command, "help", _(command.help))
        for param in command.params:
            if getattr(param, "help", None):
                swap(param, "help", _(param.help))
        option = command.get_help_option(ctx)
        if option is not None:
            swap(option, "help", _(HELP_OPTION))
        for sub in getattr(command, "commands", {}).values():
            if sub.help and not sub.short_help:
                swap(sub, "short_help", short_help(_(sub.help)))
        yield
    finally:
        for step in reversed(undo):
            step()


_TOKENS = re.compile(r"\s+|[!-~]+|.", re.S)
_CLOSING = frozenset("，。、；：）」』！？》…")
_OPENING = frozenset("[(（「『《")


def _columns(text: str) -> int:
    """The terminal columns ``text`` takes: two for a wide (Chinese) character, one for any other."""
    from unicodedata import east_asian_width

    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> str:
    """``text`` broken into lines of at most ``width`` terminal columns, as Chinese is broken: between any two
    characters, a run of Latin letters, digits and signs (an option, a path) kept whole; a closing mark stays on
    its line, an opening one goes to the next. Single newlines join (a Chinese help text is one paragraph per blank line)."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines: list[str] = []
        line, used = "", 0
        for token in _TOKENS.findall(paragraph.replace("\n", "")):
            if token.isspace():
                if line:
                    line, used = line + " ", used + 1
                continue
            size = _columns(token)
            if used + size > width and line.strip() and token not in _CLOSING:
                carried = line[-1] if line[-1] in _OPENING else ""  # an opening mark goes with what it opens
                lines.append(line[:len(line) - len(carried)].rstrip())
                line, used = carried, len(carried)
            line, used = line + token, used + size
        if line.strip():
            lines.append(line.rstrip())
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


class Formatter(_click.HelpFormatter):
    """Click's help formatter, breaking Chinese help texts by their width (click's wrapper breaks at spaces only,
    and counts a Chinese character as one column): each text is wrapped here and handed on as a block click keeps
    as it is (a paragraph that starts with a ``\\b`` line). English is click's own."""

    def _kept(self, text: str, width: int) -> str:
        return "\n\n".join("\b\n" + p for p in wrap(text, width).split("\n\n"))

    def write_text(self, text: str) -> None:
        if language() == "en":
            return super().write_text(text)
        return super().write_text(self._kept(text, self.width - self.current_indent))

    def write_heading(self, heading: str) -> None:
        if language() == "en":
            return super().write_heading(heading)
        self.write(f"{'':>{self.current_indent}}{heading}：\n")  # 选项：, as 用法：, not click's ASCII colon

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if language() == "en" or not rows:
            return super().write_dl(rows, col_max, col_spacing)
        first_col = min(max(_columns(first) for first, _second in rows), col_max) + col_spacing  # (ASCII: term_len)
        width = max(self.width - first_col - 2, 10)
        return super().write_dl([(first, self._kept(second, width) if second else second) for first, second in rows],
                                col_max, col_spacing)


class SpeakingContext(_click.Context):
    """The context of our group and commands: its help pages are formatted by :class:`Formatter`."""

    formatter_class = Formatter


class Speaking:
    """The usage line and the help page of a command or group in the language in use (mixed into Typer's)."""

    context_class: type[_click.Context] = SpeakingContext

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]  # a mixin: Typer's command has it
        prefix = None if language() == "en" else _("Usage: ")
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=prefix)

    def get_help(self, ctx: Any) -> str:
        if language() == "en":  # the texts as written (_ gives them back), the commands' summaries whole
            with _translated_texts(self, ctx):
                return super().get_help(ctx)  # type: ignore[misc, no-any-return]  # a mixin: Typer's command's
        with _translated_texts(self, ctx), typer_words():
            return super().get_help(ctx)  # type: ignore[misc, no-any-return]  # a mixin: Typer's command's


_BODIES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)\Z", re.S),
     lambda m: ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})",
                        len(m[1].split())).format(args=m[1])),
    (re.compile(r"Option (.+) requires an argument\.\Z", re.S),
     lambda m: _("Option {name} requires an argument.").format(name=m[1])),
    (re.compile(r"Option (.+) requires (\d+) arguments\.\Z", re.S),
     lambda m: _("Option {name} requires {n} arguments.").format(name=m[1], n=m[2])),
    (re.compile(r"Option (.+) does not take a value\.\Z", re.S),
     lambda m: _("Option {name} does not take a value.").format(name=m[1])),
    (re.compile(r"(.+) is not a valid (?:int|integer|int range)\.\Z", re.S),
     lambda m: _("{value} is not a valid integer.").format(value=m[1])),
    (re.compile(r"(.+) is not a valid (?:float|float range)\.\Z", re.S),
     lambda m: _("{value} is not a valid number.").format(value=m[1])),
    (re.compile(r"No such command (.+)\. Did you mean (.+)\?\Z", re.S),  # Typer's, with a close name
     lambda m: _("No such command {name}. Did you mean {suggestion}?").format(name=m[1], suggestion=m[2])),
    (re.compile(r"No such command (.+)\.\Z", re.S),
     lambda m: _("No such command {name}.").format(name=m[1])),
    (re.compile(r"Missing command\.\Z"), lambda m: _("Missing command.")),
)
"""The messages ``typer._click`` writes in English (parser.py, types.py, core.py) and Typer's (core.py), read back
into their parts and said again through the catalog; any other message is ours, already translated."""


def _body(message: str) -> str:
    for pattern, say in _BODIES:
        m = pattern.match(message)
        if m:
            return say(m)
    return message


def _hint(exc: BadParameter) -> str | None:
    hint = exc.param_hint if exc.param_hint is not None else (
        exc.param.get_error_hint(exc.ctx) if exc.param is not None and exc.ctx is not None else None)
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return hint


def message_of(exc: UsageError) -> str:
    """What a usage error says (its ``format_message``), in the language in use."""
    if isinstance(exc, NoSuchOption):
        said = _("No such option: {name}").format(name=exc.option_name)
        if exc.possibilities:
            said += _(" (Possible options: {options})").format(options=", ".join(sorted(exc.possibilities)))
        return said
    if isinstance(exc, MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "parameter")
        missing = {"argument": N_("Missing argument {name}."), "option": N_("Missing option {name}.")}.get(
            kind, N_("Missing parameter {name}."))
        return _(missing).format(name=_hint(exc) or "").replace(" .", ".")
    if isinstance(exc, BadParameter):
        hint = _hint(exc)
        if hint is None:
            return _("Invalid value: {message}").format(message=_body(exc.message))
        return _("Invalid value for {name}: {message}").format(name=hint, message=_body(exc.message))
    return _body(exc.message)


class TranslatedUsage(UsageError):
    """A usage error shown in the language in use: the usage line, the hint and the message (exit 2)."""

    def __init__(self, original: UsageError) -> None:
        super().__init__(message_of(original), original.ctx)
        self.exit_code = original.exit_code

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        out = file if file is not None else sys.stderr
        ctx = self.ctx
        if ctx is not None:
            hint = ""
            if ctx.command.get_help_option(ctx) is not None:
                hint = _("Try '{command} {option}' for help.").format(command=ctx.command_path,
                                                                      option=ctx.help_option_names[0]) + "\n"
            _click.echo(f"{ctx.get_usage()}\n{hint}", file=out, color=ctx.color)
        _click.echo(_("Error: {message}").format(message=self.message), file=out,
                    color=ctx.color if ctx is not None else None)


def translated(exc: UsageError) -> UsageError:
    """``exc`` as it is in English (and a help page shown for no arguments, already translated); else a
    :class:`TranslatedUsage`."""
    if language() == "en" or isinstance(exc, (TranslatedUsage, NoArgsIsHelpError)):
        return exc
    return TranslatedUsage(exc)


class LifeboatGroup(Speaking, TyperGroup):
    """The ``lifeboat`` group: chooses the language before anything is parsed (the locale variables, then a
    ``--lang`` among the arguments, so that ``new --help --lang zh`` is Chinese too: cli/language.py), shows usage
    errors in it, and writes English again when the run ends (a run in the same process, a test's, leaves no
    language behind)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        finally:
            i18n = sys.modules.get("lifeboat.i18n")
            if i18n is not None:
                i18n.set_language("en")

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        before_parsing(args)
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as exc:
            raise translated(exc) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:  # a command's own parsing (its context is made here) and its callbacks'
            raise translated(exc) from None


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def before_parsing(args: list[str]) -> None:
    """Choose the language of a run before its arguments are parsed: the locale variables' (the first one set,
    as gettext reads them), then a ``--lang`` among ``args`` (``--lang zh``, ``--lang=zh``; before a ``--``), so
    that a help page or a usage error that comes first is in it too (cli/language.py says what each accepts). A
    ``--lang`` refused here is left to the option, which says so. An English run imports nothing of the game."""
    first = next((os.environ[v] for v in LOCALE_VARIABLES if os.environ.get(v)), "")
    if first.lower().startswith("zh"):
        from cli.language import from_environment
        from lifeboat.i18n import set_language

        set_language(from_environment())
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else (
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None)
        if value is not None:
            from cli.language import choose

            choose(value)
