"""One plain-English line per event and per step, written only from the *redacted* data of a view.

Because a line is built from what the audience may see (hidden values are ``None``), it cannot say more than the
view does. ``me`` is the viewing seat's character id (``None`` for the public and the referee): that character is
"You" ("You kept Water"); others are named by :data:`lifeboat.cards.CHARACTERS` English names and cards by
:meth:`lifeboat.card_set.CardSet.card_name` of the game's card data (a Painting's points differ between printings,
CARD-3): the observer renders inside :func:`using` its game's card set; the bundled data otherwise. The set lives
in a :class:`contextvars.ContextVar`, so threads and asyncio tasks rendering other games never see it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lifeboat.card_set import CardSet
from lifeboat.cards import CHARACTERS, FACES
from lifeboat.card_context import card_name, in_use, using  # noqa: F401 - the card data lines use (CARD-3)
from lifeboat.i18n import _


Data = dict[str, Any]


def name(ch: str | None) -> str:
    """The English name of a character id (the id itself if unknown)."""
    if ch is None:
        return "nobody"
    return CHARACTERS[ch].en if ch in CHARACTERS else ch


def inner(ch: str | None) -> str:
    """A character's name inside a sentence, after a colon too, with a small "the" ("the Captain", "the Kid");
    at the start of a sentence it keeps the capital it is printed with (:func:`name`, :func:`subj`)."""
    en = name(ch)
    return "the " + en[4:] if en.startswith("The ") else en


def subj(ch: str | None, me: str | None) -> str:
    """``ch`` as the subject starting a sentence: "You" for the viewer, "The Captain"."""
    return "You" if ch is not None and ch == me else name(ch)


def obj(ch: str | None, me: str | None) -> str:
    """``ch`` inside a sentence: "you" for the viewer, "the Captain" (:func:`inner`)."""
    return "you" if ch is not None and ch == me else inner(ch)


def poss(ch: str | None, me: str | None) -> str:
    """``ch``'s possessive inside a sentence: "your" for the viewer, "the Kid's" (:func:`_cap` it to start one)."""
    return "your" if ch is not None and ch == me else f"{inner(ch)}'s"


#: What drinking Firewater does, in words (LIQUID-1, REF-24).
FIREWATER_EFFECT = "+3 size in fights until the end of the round, one more thirst"


def _cap(text: str) -> str:
    """``text`` with its first letter upper case (``"your"`` → ``"Your"``, ``"the Kid's"`` → ``"The Kid's"``)."""
    return text[:1].upper() + text[1:]


def be(ch: str | None, me: str | None, past: bool = False) -> str:
    """The verb *to be* agreeing with ``ch`` ("are"/"were" for the viewer)."""
    you = ch is not None and ch == me
    return ("were" if you else "was") if past else ("are" if you else "is")


def join(words: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``; ``"nobody"`` for none."""
    words = list(words)
    if not words:
        return "nobody"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def card(x: str | None) -> str:
    """A card's name, or "a card" when hidden."""
    return "a card" if x is None else card_name(x)


def cards(xs: Sequence[str | None], word: str = "card") -> str:
    """Card names; the hidden ones counted ("Navigation 19 and 1 unseen card", "2 cards")."""
    known = [card_name(x) for x in xs if x is not None]
    unseen = sum(1 for x in xs if x is None)
    if not known:
        return plural(unseen, word)
    if unseen:
        known.append(plural(unseen, "unseen " + word))
    return join(known)


def faces(xs: Sequence[str | None]) -> str:
    """Face names of a trade's ask ("Water and Knife"), the hidden ones counted."""
    known = [FACES[x].en if x in FACES else str(x) for x in xs if x is not None]
    unseen = sum(1 for x in xs if x is None)
    if not known:
        return plural(unseen, "card")
    if unseen:
        known.append(plural(unseen, "unseen card"))
    return join(known)


def names(chs: Sequence[str], me: str | None) -> str:
    """Several characters inside a sentence, "you" for the viewer ("you and the Kid")."""
    return join([obj(c, me) for c in chs])


# ---- events --------------------------------------------------------------------------------------------------


def _characters_dealt(d: Data, me: str | None) -> str:
    plays = ", ".join(f"{p} plays {inner(c)}" for p, c in zip(d["players"], d["characters"]))
    return f"Characters dealt: {plays}. From the bow: {join([inner(c) for c in d['seats']])}."


def _secret_card(kind: str) -> Callable[[Data, str | None], str]:
    def text(d: Data, me: str | None) -> str:
        who, value = d["character"], d[kind.lower()]
        if value is None:
            return f"{subj(who, me)} {be(who, me, True)} dealt a {kind} card."
        verb = "love" if kind == "LOVE" else "hate"
        if who == me:
            return f"Your {kind} card: you {verb} {inner(value)}."
        return f"{name(who)} {verb}s {inner(value)} ({kind} card)."
    return text


def _provisions_removed(d: Data, me: str | None) -> str:
    n = len(d["cards"])
    return f"{_cap(cards(d['cards'], 'provision'))} {'was' if n == 1 else 'were'} removed unseen (SETUP-3)."


def _decks_ready(d: Data, me: str | None) -> str:
    return (f"The provisions deck ({plural(len(d['provisions']), 'card')}) and the navigation deck "
            f"({plural(len(d['navigation']), 'card')}) are shuffled.")


def _provision_dealt(d: Data, me: str | None) -> str:
    who = d["character"]
    what = "a provision" if d["card"] is None else card_name(d["card"])
    return f"{subj(who, me)} {be(who, me, True)} dealt {what}."


def _provisions_drawn(d: Data, me: str | None) -> str:
    return f"{subj(d['quartermaster'], me)} drew {cards(d['cards'], 'provision')}."


def _provision_kept(d: Data, me: str | None) -> str:
    return f"{subj(d['character'], me)} kept {card(d['card'])}."


def _provisions_passed(d: Data, me: str | None) -> str:
    return f"{subj(d['by'], me)} passed {cards(d['cards'])} to {obj(d['to'], me)}."


def _action_turn_started(d: Data, me: str | None) -> str:
    return "Your action." if d["character"] == me else f"{name(d['character'])}'s action."


def _swapped_turn_started(d: Data, me: str | None) -> str:
    who = d["character"]
    return ("Your action now: you were swapped before your turn." if who == me
            else f"{name(who)} acts now: swapped before having a turn.")


def _navigation_phase_started(d: Data, me: str | None) -> str:
    nav = d["navigator"]
    if nav is None:
        return "Navigation: nobody is conscious; the top card will be turned."
    return f"Navigation: {obj(nav, me)} {be(nav, me)} the navigator."


def _game_ended(d: Data, me: str | None) -> str:
    why = {"land": "land is sighted (the 4th seagull)", "no_survivors": "nobody is left alive in the boat"}
    return f"The game is over: {why.get(d['reason'], d['reason'])}. Every hand, LOVE and HATE is revealed."


def _navigation_drawn(d: Data, me: str | None) -> str:
    who, xs, purpose = d["character"], d["cards"], d["purpose"]
    if purpose == "row":
        return f"{subj(who, me)} drew {cards(xs, 'navigation card')} to row."
    if purpose == "compass":
        return f"{subj(who, me)} drew {cards(xs, 'navigation card')} onto the row stack with the Compass."
    if purpose == "navigator":
        return f"{subj(who, me)} drew {cards(xs, 'navigation card')} onto the row stack (rowing variant)."
    if purpose == "flare":
        return f"The Flare Gun drew {cards(xs, 'navigation card')}."
    return f"The top navigation card is turned: {cards(xs, 'navigation card')}."


def _rowed_cards_placed(d: Data, me: str | None) -> str:
    stack, bottom = d["to_stack"], d["to_bottom"]
    parts = []
    if stack or not bottom:
        parts.append(f"{cards(stack) if stack else 'no card'} on the row stack")
    if bottom:
        parts.append(f"{cards(bottom)} under the navigation deck")
    return f"{subj(d['character'], me)} put {' and '.join(parts)}."


def _mug_declared(d: Data, me: str | None) -> str:
    what = f"a card from {poss(d['target'], me)} hand" if d["card"] is None else card_name(d["card"])
    return f"{subj(d['character'], me)} mugged {obj(d['target'], me)} for {what}."


def _fight_resolved(d: Data, me: str | None) -> str:
    side = "attackers" if d["winner"] == "attacker" else "defenders"
    return (f"The fight: attackers {names(d['attackers'], me)} ({d['attack']}) against defenders "
            f"{names(d['defenders'], me)} ({d['defence']}); the {side} won.")


def _card_mugged(d: Data, me: str | None) -> str:
    who, target = d["character"], d["target"]
    if d["from_hand"]:
        return f"{subj(who, me)} took {card(d['card'])} from {poss(target, me)} hand."
    return f"{subj(who, me)} took {poss(target, me)} face-up {card(d['card'])}."


def _medical_kit_used(d: Data, me: str | None) -> str:
    kept = " and kept it face up" if d["kept"] else ""
    on = obj(d["target"], me)
    if d["target"] == d["character"]:  # MEDKIT-1 on one's own wound
        on = "yourself" if d["character"] == me else "themselves"
    return f"{subj(d['character'], me)} used a Medical Kit on {on}{kept}."


def _wounded(d: Data, me: str | None) -> str:
    cause = str(d["cause"]).replace("_", " ")
    return f"{subj(d['character'], me)} took {plural(d['amount'], 'wound')} ({cause})."


def _cards_to_bottom(d: Data, me: str | None) -> str:
    return f"{_cap(cards(d['cards'], 'navigation card'))} went under the navigation deck."


def _trade_offered(d: Data, me: str | None) -> str:
    give, ask = d["give"], d["ask"]
    gives = cards(give) if give else "nothing"
    asks = faces(ask) if ask else "nothing"
    return f"{subj(d['character'], me)} offered {obj(d['to'], me)} a trade: {gives} for {asks}."


def _trade_completed(d: Data, me: str | None) -> str:
    who, to = d["character"], d["to"]
    gave = cards(d["gave"]) if d["gave"] else "nothing"
    got = cards(d["got"]) if d["got"] else "nothing"
    return f"{subj(who, me)} gave {obj(to, me)} {gave} and got {got} back."


def _navigation_card_chosen(d: Data, me: str | None) -> str:
    under = d["to_bottom"]
    rest = f"; {cards(under, 'card')} went under the deck" if under else ""
    return f"{subj(d['character'], me)} chose {card_name(d['card'])}{rest}."


def _went_overboard(d: Data, me: str | None) -> str:
    # OVER-3: the lost are only threatened here; the window may still bring them the Life Preserver, and the
    # story says "… is lost at sea." when it happens
    lost = f"; {names(d['lost'], me)} will be lost at sea unless saved" if d["lost"] else ""
    return f"Overboard: {names(d['characters'], me)}{lost}."


def _life_preserver_thrown(d: Data, me: str | None) -> str:
    if d["character"] == d["target"]:
        return f"{subj(d['character'], me)} played the Life Preserver."
    return f"{subj(d['character'], me)} threw the Life Preserver to {obj(d['target'], me)}."


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _thirst(pairs: Sequence[Sequence[Any]], me: str | None) -> str:
    """THIRST-1: who still owes thirst and how many times, inside a sentence ("you are thirsty once, the Kid twice
    and Frenchy once"; the viewer first); a character whose thirst Water cancelled (0) is not named."""
    owed = sorted(((c, n) for c, n in pairs if n > 0), key=lambda p: p[0] != me)  # stable: the viewer first
    if not owed:
        return "nobody is thirsty"
    (first, n), rest = owed[0], owed[1:]
    head = f"{obj(first, me)} {be(first, me)} thirsty {_times(n)}"
    return join([head] + [f"{obj(c, me)} {_times(k)}" for c, k in rest])


EVENT_TEXT: dict[str, Callable[[Data, str | None], str]] = {
    "characters_dealt": _characters_dealt,
    "love_dealt": _secret_card("LOVE"),
    "hate_dealt": _secret_card("HATE"),
    "provisions_removed": _provisions_removed,
    "decks_ready": _decks_ready,
    "provision_dealt": _provision_dealt,
    "round_started": lambda d, me: f"Round {d['round']} begins.",
    "provisions_phase_started": lambda d, me: (
        f"Provisions: {obj(d['quartermaster'], me)} will draw {plural(d['count'], 'card')} as quartermaster."),
    "provisions_drawn": _provisions_drawn,
    "provision_kept": _provision_kept,
    "provisions_passed": _provisions_passed,
    "action_phase_started": lambda d, me: f"Actions, in order: {names(d['order'], me)}.",
    "action_turn_started": _action_turn_started,
    "swapped_turn_started": _swapped_turn_started,
    "navigation_phase_started": _navigation_phase_started,
    "round_ended": lambda d, me: f"Round {d['round']} ends; the markers are cleared.",
    "game_ended": _game_ended,
    "did_nothing": lambda d, me: f"{subj(d['character'], me)} did nothing.",
    "rowed": lambda d, me: f"{subj(d['character'], me)} rowed ({plural(d['count'], 'navigation card')} to draw).",
    "navigation_drawn": _navigation_drawn,
    "rowed_cards_placed": _rowed_cards_placed,
    "seat_change_declared": lambda d, me: (
        f"{subj(d['character'], me)} asked to change seats with {obj(d['target'], me)}."),
    "mug_declared": _mug_declared,
    "answered": lambda d, me: f"{subj(d['character'], me)} {'consented' if d['consent'] else 'refused'}.",
    "fight_started": lambda d, me: f"A fight: {obj(d['attacker'], me)} against {obj(d['defender'], me)}.",
    "fight_joined": lambda d, me: f"{subj(d['character'], me)} joined the {d['side']}s.",
    "passed": lambda d, me: f"{subj(d['character'], me)} passed.",
    "fight_resolved": _fight_resolved,
    "seats_changed": lambda d, me: f"{subj(d['character'], me)} and {obj(d['target'], me)} changed seats.",
    "mug_succeeded": lambda d, me: f"{_cap(poss(d['character'], me))} mug of {obj(d['target'], me)} succeeded.",
    "card_mugged": _card_mugged,
    "mug_found_nothing": lambda d, me: f"{subj(d['character'], me)} found nothing in {poss(d['target'], me)} hand.",
    "card_revealed": lambda d, me: f"{subj(d['character'], me)} revealed {card(d['card'])}.",
    "flare_gun_fired": lambda d, me: f"{subj(d['character'], me)} fired the Flare Gun.",
    "parasol_opened": lambda d, me: f"{subj(d['character'], me)} opened the Parasol.",
    "medical_kit_used": _medical_kit_used,
    "healed": lambda d, me: f"{subj(d['character'], me)} lost a wound.",
    "wounded": _wounded,
    "seagull_added": lambda d, me: f"A seagull: {d['total']} out of 4.",
    "seagull_removed": lambda d, me: f"A seagull flew away: {d['total']} out of 4.",
    "cards_to_bottom": _cards_to_bottom,
    "trade_offered": _trade_offered,
    "trade_completed": _trade_completed,
    "trade_declined": lambda d, me: f"{subj(d['to'], me)} declined {poss(d['character'], me)} trade.",
    "compass_used": lambda d, me: (
        f"{subj(d['character'], me)} {'used' if d['used'] else 'did not use'} the Compass."),
    "navigation_card_chosen": _navigation_card_chosen,
    "navigation_card_revealed": lambda d, me: f"The navigation card of the round: {card_name(d['card'])}.",
    "went_overboard": _went_overboard,
    "life_preserver_thrown": _life_preserver_thrown,
    "sharks_called": lambda d, me: f"{_cap(poss(d['character'], me))} ghost called the sharks!",
    "ghost_rose": lambda d, me: (f"{_cap(poss(d['character'], me))} ghost haunts the sea: at each overboard "
                                 f"{'you' if d['character'] == me else 'it'} may call the sharks."),
    "firewater_drunk": lambda d, me: f"{subj(d['character'], me)} drank Firewater: {FIREWATER_EFFECT}.",
    "firewater_share_offered": lambda d, me: f"{subj(d['character'], me)} may share the Firewater.",
    "firewater_share_answered": lambda d, me: (
        f"{subj(d['character'], me)} shared the Firewater: {FIREWATER_EFFECT}." if d["share"]
        else f"{subj(d['character'], me)} did not share the Firewater."),
    "water_shared": lambda d, me: f"{subj(d['character'], me)} shared the Water: one thirst less.",
    "chum_expended": lambda d, me: f"{subj(d['character'], me)} expended the Bucket of Chum: sharks!",
    "card_discarded": lambda d, me: (
        f"{subj(d['character'], me)} discarded {card(d['card'])} ({str(d['reason']).replace('_', ' ')})."),
    "lost_at_sea": lambda d, me: f"{subj(d['character'], me)} {be(d['character'], me)} lost at sea.",
    "thirst_counted": lambda d, me: f"Thirst is counted: {_thirst(d['thirst'], me)}.",
    "water_given": lambda d, me: (
        f"{subj(d['character'], me)} drank Water." if d["character"] == d["target"]
        else f"{subj(d['character'], me)} gave Water to {obj(d['target'], me)}."),
    "parasol_shaded": lambda d, me: f"The Parasol spared {obj(d['character'], me)} one thirst.",
    "cannibalism_declared": lambda d, me: (
        f"{subj(d['character'], me)} played Cannibalism on {poss(d['body'], me)} body."),
    "objected_to_cannibalism": lambda d, me: f"{subj(d['character'], me)} objected to the Cannibalism.",
    "body_eaten": lambda d, me: (
        f"{subj(d['character'], me)} ate {poss(d['body'], me)} body: it is gone, and the living heal one wound."),
}
"""The line of each event tag; a recorded game's (REC-1, REC-3) join it from :mod:`lifeboat.views.text_recorded`."""


def event_text(kind: str, data: Data, me: str | None) -> str:
    """The line for an event of tag ``kind`` from its redacted ``data``. Raises ``KeyError`` for an unknown tag."""
    return EVENT_TEXT[kind](data, me)


# ---- steps ---------------------------------------------------------------------------------------------------


def step_text(kind: str, d: Data, me: str | None, row_stack: Sequence[str | None] = ()) -> str:
    """The line for a step of tag ``kind`` from its redacted data; ``row_stack`` as the audience sees it. A fight's
    line, which names each side's strength, is :func:`lifeboat.views.fight.fight_text`."""
    if kind == "await_setup":
        return "Waiting for the deal."
    if kind == "provisions_draw":
        return f"{subj(d['quartermaster'], me)}, the quartermaster, will draw {plural(d['count'], 'provision')}."
    if kind == "provisions_pick":
        if len(d["offered"]) == 1:  # the last of the draw (PROV-2): no choice left
            seen = f": {cards(d['offered'])}" if d["offered"][0] is not None else ""  # a referee sees it
            return (f"Keep the last card{seen}." if d["picker"] == me
                    else f"{name(d['picker'])} keeps the last card{seen}.")
        if d["picker"] == me:
            return f"Keep one of: {cards(d['offered'])}."
        return f"{name(d['picker'])} keeps one of {cards(d['offered'])}."
    if kind == "action_turn":
        return "Your action." if d["actor"] == me else f"{name(d['actor'])}'s action."
    if kind == "row_draw":
        return f"{subj(d['rower'], me)} rowed; {plural(d['count'], 'navigation card')} to draw."
    if kind == "row_place":
        if d["rower"] == me:
            return f"Put each of {cards(d['drawn'])} on the row stack or under the navigation deck."
        return f"{name(d['rower'])} places {cards(d['drawn'])} on the row stack or under the deck."
    if kind == "await_answer":
        what = "change seats" if d["kind"] == "swap" else "mug"
        return f"{subj(d['target'], me)} must consent to or refuse {poss(d['attacker'], me)} {what}."
    if kind == "mug_draw":
        return f"A card is taken at random from {poss(d['target'], me)} hand."
    if kind == "flare_draw":
        return f"The Flare Gun draws {plural(d['count'], 'navigation card')}."
    if kind == "compass_choice":
        return f"{subj(d['navigator'], me)}, the navigator, may use the Compass."
    if kind == "compass_draw":
        if d.get("count", 1) == 2:  # NAV-2, option compass_extra_card: nobody rowed
            return _("Nobody rowed: the Compass adds the top two navigation cards to the row stack.")
        return "The Compass adds the top navigation card to the row stack."
    if kind == "navigator_draw":
        verb = "add" if d["navigator"] == me else "adds"
        return (f"{subj(d['navigator'], me)}, the navigator, {verb} the top navigation card to the row stack "
                "(rowing variant).")
    if kind == "navigator_choice":
        if len(row_stack) == 1 and d["navigator"] != me:  # NAV-1: one card on the row stack, no choice of two
            seen = f": {cards(row_stack)}" if row_stack[0] is not None else ""  # the referee sees it
            return f"{name(d['navigator'])}, the navigator, chooses the only card on the row stack{seen}."
        if d["navigator"] == me:
            return f"Choose the navigation card: {cards(row_stack, 'card')}."
        return f"{name(d['navigator'])}, the navigator, chooses one of {cards(row_stack, 'card')}."
    if kind == "navigation_turn":
        return "The top navigation card is turned."
    if kind == "overboard_window":
        return f"Overboard: {names(d['overboard'], me)}. Play a card or pass."
    if kind == "thirst_window":
        return (f"Thirst: {_thirst(d['thirst'], me)}. Each thirst left when everyone has passed is one wound. "
                "Play a card or pass.")
    if kind == "cannibalism_objection":
        return (f"{subj(d['user'], me)} played Cannibalism on {poss(d['body'], me)} body; "
                "object (a fight) or pass.")
    if kind == "game_over":
        return _game_ended(d, me).split(". Every")[0] + "."
    return kind.replace("_", " ")  # pragma: no cover - every step kind is listed above


def wong_share_text(me: str | None) -> str:
    """WONG-1, REF-25: the line for Mrs. Wong's pending answer (share the Firewater just drunk or not)."""
    if me == "mrs_wong":
        return "First, share the Firewater just drunk (+3 size in fights, one more thirst) or decline."
    return "First Mrs. Wong shares the Firewater just drunk, or declines."


def offer_text(d: Data, me: str | None) -> str:
    """The line for a pending trade offer from its redacted data."""
    give = cards(d["give"]) if d["give"] else "nothing"
    ask = faces(d["ask"]) if d["ask"] else "nothing"
    return f"{subj(d['by'], me)} offered {obj(d['to'], me)} {give} for {ask}; {obj(d['to'], me)} must answer."


def navigation_contents(card_id: str, in_game: Sequence[str], lost: Sequence[str] = (),
                        cards: CardSet | None = None) -> str:
    """What a navigation card does, in one line, for the characters ``in_game`` (ids in the boat, any order; NAV-3,
    OVER-1, THIRST-1, BIRD-1): ``"First Mate overboard · The Captain and First Mate thirsty · rowers thirsty"``,
    ``"The Kid overboard · everyone but the Captain thirsty · rowers thirsty · fighters thirsty · seagull +1"`` (a
    name starting a part keeps its capital, any other has a small "the", :func:`inner`).
    Parts: who goes overboard, who is thirsty, ``rowers thirsty`` (the oars icon), ``fighters thirsty`` (the fight
    icon), ``seagull +1`` or ``seagull −1`` (the crossed bird). ``lost``: characters of this game lost at sea
    (OVER-3); the card still names them as printed, each marked ``[lost at sea]``, so its contents do not shrink as
    the boat empties. ``"no effect"`` for a card that names nobody in this game and has no icon. Raises
    ``KeyError`` for an id that is not a navigation card (a placeholder ``"?n3"`` included: its face is unknown).
    ``cards``: the game's card data (CARD-3; default the card data in use, :func:`using`).
    """
    from lifeboat.cards import names_on

    data = cards or in_use()
    nav = data.navigation[card_id]
    gone = set(lost)
    seated = tuple(c for c in data.seat_order if c in set(in_game) | gone)

    def mark(c: str, first: bool = False) -> str:  # a name starting its part keeps its capital: "The Kid overboard"
        en = name(c) if first else inner(c)
        return f"{en} [lost at sea]" if c in gone else en

    def who(names: tuple[str, tuple[str, ...]]) -> str:
        if names[0] == "drank_firewater":  # LIQUID-3: nav-l11
            return "whoever drank Firewater this round"
        chosen = names_on(names, seated)
        if chosen and chosen == seated:
            return "everyone"
        left_out = [c for c in seated if c not in chosen]
        if chosen and names[0] == "all_except":
            return "everyone but " + join([mark(c) for c in left_out])
        return join([mark(c, i == 0) for i, c in enumerate(chosen)]) if chosen else ""

    parts = [f"{w} {what}" for w, what in ((who(nav.overboard), "overboard"), (who(nav.thirsty), "thirsty")) if w]
    if nav.rowers_thirsty:
        parts.append("rowers thirsty")
    if nav.fighters_thirsty:
        parts.append("fighters thirsty")
    if nav.bird:
        parts.append("seagull +1" if nav.bird > 0 else "seagull \u22121")
    return " \u00b7 ".join(parts) if parts else "no effect"
