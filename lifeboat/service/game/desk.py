"""The record page's desk: one recorded game as a scribe with a phone or a tablet needs it (REC-1, REC-2, REC-3).

:class:`Desk` wraps a :class:`Table` of a recorded game. :meth:`Desk.view` is everything the page draws, as plain
data (:class:`DeskView`): what the table must do next in one sentence, whose move it is, which window is open and who
may still act in it, the public table (fight tallies included) for the viewer, the story so far, and every line
that may be recorded now as a tap (:class:`Choice`) or a few taps (:class:`Pick`: a card turned face up, the deal's
characters, the names at the end); typing stays possible (:meth:`Desk.line`). :meth:`Desk.close` closes the open
window, :meth:`Desk.undo` withdraws the last line (REC-2). The journal is the one ``lifeboat record`` writes: each
call first reads what another writer appended (the terminal), so the two may take turns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from lifeboat.cards import is_unknown
from lifeboat.errors import RuleViolation
from lifeboat.i18n import _
from lifeboat.legal import chance_request
from lifeboat.notation import parse
from lifeboat.state import (WINDOW_TYPES, AwaitSetup, FlareDraw, MugDraw, NavigationTurn, NavigatorChoice, State)
from lifeboat.service.errors import BadRequest
from lifeboat.service.game.recording import decide_line, to_show
from lifeboat.service.game.score import to_show_lines
from lifeboat.service.game.table import Appended, Table
from lifeboat.views.decisions import describe

STORY = 40  # the story lines a view carries
# REC-3: the record's own deductions, read as the referee reads them (the public's line says "not to you")
DEDUCED = frozenset({"cards_unseen", "card_deduced", "card_traced", "love_hate_deduced"})
UNSEEN_OK = frozenset({"keep", "offer", "stack", "bottom"})  # their '?' is a card nobody saw; elsewhere it is named


class Choice(msgspec.Struct, frozen=True):
    """A line recorded with one tap: ``line`` (notation), ``who`` (a character id, ``"chance"`` or ``"recorder"``),
    ``text``: the decision in the reader's words, as the seat pages say it (the one describer; ``""`` for a line
    it has no words for: chance, the recorder's, ``close``)."""

    line: str
    who: str
    text: str = ""


class Slot(msgspec.Struct, frozen=True):
    """One part of a :class:`Pick`: what it asks (``label``) and the words that may fill it (``options``)."""

    label: str
    options: tuple[str, ...]
    distinct: bool = False  # a word picked in one slot of this pick may not be picked in another


class Pick(msgspec.Struct, frozen=True):
    """A line built with a few taps: ``template`` with ``{0}``, ``{1}`` … filled from ``slots`` in order."""

    label: str
    template: str
    slots: tuple[Slot, ...]
    who: str


class DeskView(msgspec.Struct, frozen=True, kw_only=True):
    """What the record page draws (JSON). ``next``: what the table must do now, one sentence; ``waiting``: who
    must decide (character ids, or ``"chance"``); ``window``: the open window's kind (``"fight"``,
    ``"overboard_window"``, ``"thirst_window"``, ``"cannibalism_objection"``) or ``None``, ``may_act``: who may
    still act in it; ``table``: the public view (``lifeboat.views.PublicView``, for ``LifeboatViewer.renderTable``)
    with ``navigation`` its cards' facts; ``story``: the last lines; ``choices`` and ``picks``: every line that may
    be recorded now; ``to_show``: at the end, what must still be shown (SCORE-4); ``lines``: how many lines of
    this page's session ``undo`` may withdraw."""

    seq: int
    round: int
    over: bool
    next: str
    waiting: tuple[str, ...]
    window: str | None
    may_act: tuple[str, ...]
    table: Any
    navigation: dict[str, Any]
    story: tuple[str, ...]
    choices: tuple[Choice, ...]
    picks: tuple[Pick, ...]
    to_show: tuple[str, ...]
    lines: int


class Said(msgspec.Struct, frozen=True):
    """What a line did: the story lines it added (as the scribe may read them), then the page's new view."""

    said: tuple[str, ...]
    view: DeskView


class Desk:
    """One recorded game at the scribe's page. Raises what :meth:`Table.open` raises, and :class:`BadRequest` for a
    digital game (it is played, not recorded)."""

    def __init__(self, path: Path) -> None:
        self.table = Table.open(path)
        if self.table.digital or self.table.orders is not None:
            self.table.close()
            raise BadRequest(_("{name}: a digital game (its deck is committed); the record page is for a game played with real "
                               "cards").format(name=path.name))
        self.lines: list[int] = []  # the first seq of each line of this session still in force (undo)

    @property
    def state(self) -> State:
        return self.table.state

    def refresh(self) -> None:
        """Read what another writer (the terminal recorder) appended since, and forget this session's lines then."""
        if self.table.refresh():
            self.lines = [seq for seq in self.lines if seq in self.table.active]

    # ---- acting --------------------------------------------------------------------------------------------------

    def line(self, text: str) -> Said:
        """Record one line of notation (REC-1). Raises RuleViolation (and its kinds) with the refusal's rule."""
        self.refresh()
        waiting = self.table.waiting_for()
        actor = "chance" if self.table.chance_request() is not None else (waiting[0] if len(waiting) == 1 else None)
        return self._done(decide_line(self.table, text.strip(), actor))

    def close(self) -> Said:
        """Close the open window: everyone who has not acted passes (PROC-1). Raises RuleViolation (PROC-1)."""
        self.refresh()
        return self._done(self.table.close_window())

    def undo(self) -> Said:
        """Withdraw the last line (REC-2): one decision, or every pass of a ``close``; a line of another session, one
        decision. Raises RuleViolation (REC-2) when nothing can be withdrawn."""
        from lifeboat.errors import RuleViolation

        self.refresh()
        if not self.table.active:
            raise RuleViolation("REC-2", _("there is no decision to undo"))
        last = self.lines[-1] if self.lines else self.table.active[-1]
        count = sum(1 for seq in self.table.active if seq >= last)
        self.table.withdraw(last)
        self.lines = [seq for seq in self.lines if seq in self.table.active]
        said = _("Withdrew the last line ({n} decision(s) from {seq} on); the game goes on from before it.").format(
            n=count, seq=last)
        return Said(said=(said,), view=self.view())

    def _done(self, done: Appended) -> Said:
        if done.commits:
            self.lines.append(done.commits[0].seq)
        return Said(said=_story(done.seen.get("public", ()), done.seen.get("referee", ())), view=self.view())

    def story(self) -> tuple[str, ...]:
        """The last :data:`STORY` lines of the story as the scribe reads it (whoever wrote them: the terminal too)."""
        views = self.table.views
        start = max(0, len(views) - 4 * STORY)  # a table keeps every event (it never forgets)
        return _story(views.log(start=start), views.log(referee=True, start=start), self.state)[-STORY:]

    # ---- what the page draws -------------------------------------------------------------------------------------

    def view(self) -> DeskView:
        """The page's view now (see :class:`DeskView`)."""
        from lifeboat.views.catalog import navigation_in

        s = self.state
        public = self.table.views.public_view()
        encoded = msgspec.json.encode(public)
        window = public.step.kind if type(s.step) in WINDOW_TYPES else None
        req = self.table.chance_request()
        waiting = ("chance",) if req is not None else self.table.waiting_for()
        choices, picks = self.options()
        table = msgspec.json.decode(encoded)
        shown = to_show(s)
        if shown and table.get("reveal"):  # SCORE-4: provisional scores name no winner
            table["reveal"]["winners"] = []
        return DeskView(
            seq=self.table.last_seq, round=s.round, over=s.over, next=self.next_sentence(public.step.text, window),
            waiting=waiting, window=window, may_act=self.table.window_seats() if window else (),
            table=table,
            navigation=navigation_in(encoded, [ch.character for ch in s.characters], s.cards),
            story=self.story(), choices=choices, picks=picks,
            to_show=tuple(to_show_lines(shown)), lines=len(self.lines))

    def next_sentence(self, step_text: str, window: str | None) -> str:
        """What the table must do now, in one sentence."""
        s = self.state
        if s.over:
            left = to_show(s)
            if left:
                return _("The game is over: name what each player shows that could change a score; no winner until "
                         "then.")
            return _("The game is over and every card that counts is named: the scores are final.")
        if window is not None:
            return _("{step} Tap Close when nobody else acts.").format(step=step_text)
        return step_text

    def options(self) -> tuple[tuple[Choice, ...], tuple[Pick, ...]]:
        """Every line that may be recorded now: taps for chance, for whoever must decide, and at the end for the
        recorder (SCORE-4)."""
        from lifeboat.notation import recorder_lines

        s = self.state
        if s.over:
            return (), self._end_picks()
        req = chance_request(s)
        if req is not None:
            return self._chance(req)
        choices: list[Choice] = []
        picks: list[Pick] = []
        for ch in self.table.waiting_for() or self.table.window_seats():
            if isinstance(s.step, NavigatorChoice) and s.step.navigator == ch:
                picks.append(self._turned(f"{_word(ch)}: choose {{0}}", ch, s.row_stack))
                continue
            lines = recorder_lines(s, ch)
            for text in lines:
                if " ?" not in text or text.split(": ", 1)[-1].split(" ", 1)[0] in UNSEEN_OK:
                    choices.append(Choice(line=text, who=ch))
            shown = self._shows(ch) if lines else None
            if shown is not None:
                picks.append(shown)
            more_choices, more_picks = self._plays(ch, {x.line for x in choices})
            choices += more_choices
            picks += more_picks
        if type(s.step) in WINDOW_TYPES:
            choices.append(Choice(line="close", who="everyone"))
        view = self.table.views.referee_view() if choices else None  # one table for every choice's words
        return tuple(self._worded(x, view) for x in choices), tuple(picks)

    def _worded(self, choice: Choice, view: Any) -> Choice:
        """``choice`` with its words, from the referee's ``view`` of the table now (issue 29: a Chinese scribe's
        buttons read 抢劫船长… rather than notation)."""
        try:
            cmd = parse(choice.line, self.state)
            said = describe(view, cmd)  # type: ignore[arg-type]  # a player's command
        except (RuleViolation, KeyError, ValueError):  # not a player's decision, or no words for it
            return choice
        return msgspec.structs.replace(choice, text=said.label)

    def _shows(self, ch: str) -> Pick | None:
        """A character with unseen cards who may act now may reveal one (PLAY-1): the looks it may be (REC-3)."""
        from lifeboat.possibilities import possible_looks

        from lifeboat.commands import Reveal
        from lifeboat.decide import is_legal

        s = self.state
        if not any(is_unknown(x) for x in s.char(ch).hand):
            return None
        looks = tuple(sorted(possible_looks(s.known, s, ch)))
        probe = next((x for x in s.unaccounted if s.cards.is_provision(x) and s.cards.look_of(x) in looks), None)
        if probe is None or not is_legal(s, Reveal(by=ch, card=probe)):  # not now (a pick, a fight's answer…)
            return None
        return Pick(label=_("{who} reveals a card").format(who=s.cards.character_name(ch)), who=ch,
                    template=f"{_word(ch)}: reveal {{0}}", slots=(Slot(label=_("which card"), options=looks),))

    def _plays(self, ch: str, listed: set[str]) -> tuple[list[Choice], list[Pick]]:
        """The cards a character holding unseen cards may play now, as taps (REC-1: a card played is named): Water
        to whom in a thirst window, the Life Preserver to whom or Chum in an overboard window, the Flare Gun, the
        Parasol or the Medical Kit on its action; only the faces its unseen cards may be (REC-3)."""
        from lifeboat.possibilities import possible_looks
        from lifeboat.state import ActionTurn, OverboardWindow, ThirstWindow

        s, w = self.state, _word(ch)
        if not any(is_unknown(x) for x in s.char(ch).hand) or not s.conscious(ch):
            return [], []
        faces = {s.cards.face(look) for look in possible_looks(s.known, s, ch)}
        step, choices, picks = s.step, [], []
        if isinstance(step, ThirstWindow) and "water" in faces:
            owed = tuple(_word(x) for x, n in step.thirst if n > 0)
            picks.append(Pick(label=_("{who} gives Water to").format(who=s.cards.character_name(ch)), who=ch,
                              template=f"{w}: water {{0}}", slots=(Slot(label=_("to whom"), options=owed),)))
        elif isinstance(step, OverboardWindow):
            if "life_preserver" in faces:
                picks.append(Pick(label=_("{who} throws the Life Preserver to").format(
                    who=s.cards.character_name(ch)), who=ch, template=f"{w}: throw life preserver to {{0}}",
                    slots=(Slot(label=_("to whom"), options=tuple(_word(x) for x in step.overboard)),)))
            if "chum" in faces:
                choices.append(Choice(line=f"{w}: chum", who=ch))
        elif isinstance(step, ActionTurn) and step.actor == ch:
            choices += [Choice(line=f"{w}: {verb}", who=ch) for face, verb in (
                ("flare_gun", "fire flare gun"), ("parasol", "open parasol")) if face in faces]
            hurt = tuple(_word(x.character) for x in s.characters if x.wounds and x.in_boat)
            if "medical_kit" in faces and hurt:
                picks.append(Pick(label=_("{who} uses the Medical Kit on").format(who=s.cards.character_name(ch)),
                                  who=ch, template=f"{w}: heal {{0}}", slots=(Slot(label=_("whom"), options=hurt),)))
        return [x for x in choices if x.line not in listed], picks

    def _chance(self, req: Any) -> tuple[tuple[Choice, ...], tuple[Pick, ...]]:
        s = self.state
        if isinstance(s.step, AwaitSetup):
            chars = tuple(_word(x) for x in s.cards.characters_in(s.ruleset.card_sets))
            short = len(s.players) < 6 and s.ruleset.remove_provisions_short_handed
            parts = "; ".join(f"{p.lower()} = {{{i}}} love ? hate ? ?" for i, p in enumerate(s.players))
            slots = tuple(Slot(label=p, options=chars, distinct=True) for p in s.players)
            return (), (Pick(label=_("The deal: each player's character"), who="chance",
                             template=f"chance: deal {parts}" + ("; removed 10 ?" if short else ""), slots=slots),)
        if req.kind == "draw_provisions":
            return (Choice(line="chance: draw " + " ".join("?" * req.count), who="chance"),), ()
        if req.kind == "draw_from_hand":
            hand = s.char(s.step.target).hand if isinstance(s.step, MugDraw) else ()
            seen = dict.fromkeys(s.cards.look_of(x) for x in hand if not is_unknown(x))
            return tuple(Choice(line=f"chance: take {x}", who="chance") for x in ("?", *seen)), ()
        if isinstance(s.step, (NavigationTurn, FlareDraw)):  # turned face up: named (REC-1)
            template = "chance: nav " + " ".join(f"{{{i}}}" for i in range(req.count))
            pick = self._turned(template, "chance", (), req.count)
            return (), (pick,)
        return (Choice(line="chance: nav " + " ".join("?" * req.count), who="chance"),), ()

    def _turned(self, template: str, who: str, among: tuple[str, ...], count: int = 1) -> Pick:
        """A navigation card turned face up, named with a tap: the numbers it may be (REC-1, CHANCE-1)."""
        s = self.state
        pool = [x for x in among if not is_unknown(x)]
        if not pool or any(is_unknown(x) for x in among):
            pool += [x for x in s.unaccounted if x in s.cards.navigation] + [x for x in s.nav_bottom
                                                                            if not is_unknown(x)]
        numbers = tuple(dict.fromkeys(str(s.cards.navigation[x].print_no) for x in pool if x in s.cards.navigation))
        slots = tuple(Slot(label=_("card {n}").format(n=i + 1), options=numbers, distinct=True) for i in range(count))
        return Pick(label=_("The navigation card turned face up"), template=template, slots=slots, who=who)

    def _end_picks(self) -> tuple[Pick, ...]:
        """At the end (SCORE-4): a pick per card still to show, and per LOVE and HATE."""
        s = self.state
        faces = tuple(sorted({s.cards.look_of(x) for x in s.unaccounted if s.cards.is_provision(x)}))
        chars = tuple(_word(ch.character) for ch in s.characters)
        picks: list[Pick] = []
        for item in to_show(s):
            who = s.cards.character_name(item.character)
            for ph in item.cards:
                picks.append(Pick(label=_("{player} ({character}) shows {placeholder}: which card is it?").format(
                                      player=item.player, character=who, placeholder=ph), who="recorder",
                                  template=f"recorder: {ph} is {{0}}", slots=(Slot(label=ph, options=faces),)))
            if item.love or item.hate:
                picks.append(Pick(label=_("{player}'s LOVE and HATE").format(player=item.player), who="recorder",
                                  template=f"recorder: {_word(item.character)} love {{0}} hate {{1}}",
                                  slots=(Slot(label="LOVE", options=chars), Slot(label="HATE", options=chars))))
        return tuple(picks)

    def catalog(self) -> dict[str, Any]:
        """The printed facts of the game's card data (CARD-3), for the page's names and cards (no secret)."""
        from lifeboat.service.game.names import catalog

        return catalog(self.state.cards)

    def shut(self) -> None:
        """Close the game file."""
        self.table.close()


def _story(public: tuple[Any, ...], referee: tuple[Any, ...], state: State | None = None) -> tuple[str, ...]:
    """The public lines, but the record's own deductions as the referee reads them (REC-3); passes left out; cards
    named one after another (the hands shown at the end: a row each was a wall of rows, issue 30) in one line,
    hand by hand when named after the end (``state``: the game now, which says who holds them: nothing moves)."""
    from lifeboat.views.text_recorded import cards_identified

    out: list[str] = []
    named: list[Any] = []  # the run of placeholders named so far
    # GameEnded passed (before these lines too): the cards named stay where they are
    over = state is not None and state.over and all(v.type != "game_ended" for v in public)
    for i, v in enumerate([*public, None]):
        over = over or v is not None and v.type == "game_ended"
        if v is not None and v.type == "card_identified":
            named.append(v)
            continue
        if named:
            holders = [state.holder(x.data["card"]) if over and state and x.data["card"] else None for x in named]
            out.append(named[0].text if len(named) == 1 else cards_identified([x.data for x in named], holders))
            named = []
        if v is not None and v.type in DEDUCED and i < len(referee):
            v = referee[i]
        if v is not None and v.type != "passed":
            out.append(v.text)
    return tuple(out)


def _word(character: str) -> str:
    """The word a line names ``character`` with (``lady_lauren`` → ``lauren``, ``first_mate`` → ``first mate``)."""
    return {"lady_lauren": "lauren", "sir_stephen": "stephen", "dr_harter": "harter", "mrs_wong": "wong"}.get(
        character, character.replace("_", " "))


__all__ = ["Choice", "Desk", "DeskView", "Pick", "Said", "Slot"]
