"""Who may see what: the audience rules and the declaration of every field of every event, step and table part.

This module is the single place that decides visibility (architecture: "Hidden information: one choke point").
Everything else in :mod:`lifeboat.views` asks :func:`sees` / :func:`redact` and never reads a secret directly.

Audience rules are short strings, parsed once at import (a malformed rule raises ``ValueError`` then):

- ``public``: every audience sees the value (PROC-5: seats, wounds, markers, face-up cards, discards, seagulls …).
- ``referee``: only the referee sees it; a card list shows its length to everyone else.
- ``owner:F``: only the seat named by the event's field ``F`` (a character id) sees it.
- ``parties:F,G``: only the seats named by the fields ``F`` and ``G`` see it.
- ``knowers``: each card of the list is shown to whoever already knows where it is: everyone for a navigation card
  face up in play, the rower or navigator who put it on the row stack (ROW-1, NAV-1, NAV-2) for a row-stack card.
- ``nested``: a part with its own declaration (the state's ``step``, ``offer`` and ``characters``).
- ``F=V1|V2 ? RULE : RULE``: the first rule when the field ``F`` has one of the values (``true``/``false`` for
  booleans), else the second.

A hidden value is ``None``; a hidden list keeps its length with ``None`` in each hidden place, so a view always says
*how many* cards moved (ROW-1: "others learn how many cards went to the row stack, not which").
Once the game has ended every audience sees everything (END-2).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import msgspec


Kind = Literal["public", "seat", "referee"]


class Audience(NamedTuple):
    """Who is looking: ``kind`` ``public`` (a spectator), ``seat`` (the player of ``character``) or ``referee``;
    ``ended`` is True once the game has ended (END-2: every audience then sees everything)."""

    kind: Kind
    character: str | None = None
    ended: bool = False

    @property
    def omniscient(self) -> bool:
        """True for the referee, and for everyone once the game has ended (END-2)."""
        return self.kind == "referee" or self.ended


#: Per-element knowledge for a ``knowers`` field: ``None`` = everyone knows it; else the seats that know it.
Knowers = tuple["frozenset[str] | None", ...]


# ---- rules ---------------------------------------------------------------------------------------------------


class Rule:
    """A parsed audience rule. ``text`` is its source string (shown in ``docs/hidden-information.md``)."""

    text: str = ""

    def sees(self, obj: Any, aud: Audience) -> bool:
        """True when ``aud`` sees the whole field of ``obj`` (the referee and END-2 aside)."""
        raise NotImplementedError

    def refs(self) -> tuple[str, ...]:
        """The fields naming the seats this rule grants (in order), e.g. ``("character", "target")``."""
        return ()

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        """How the abstract audience ``role`` (``public``, ``acting``, ``involved``, ``other``, ``referee``) sees
        the field: ``shown``, ``hidden`` or a conditional description. ``refs`` are the event's seat fields."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Rule({self.text!r})"


class _Public(Rule):
    def sees(self, obj: Any, aud: Audience) -> bool:
        return True

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        return "shown"


class _Referee(Rule):
    def sees(self, obj: Any, aud: Audience) -> bool:
        return aud.omniscient

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        return "shown" if role == "referee" else "hidden"


class _Nested(Rule):
    def sees(self, obj: Any, aud: Audience) -> bool:
        return True

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        return "as declared for its type"


class _Knowers(Rule):
    def sees(self, obj: Any, aud: Audience) -> bool:
        return aud.omniscient  # element by element otherwise, see redact()

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        if role == "referee":
            return "shown"
        if role == "public":
            return "only cards in play (the rest: count)"
        return "only cards in play and row-stack cards it put there or saw as navigator (the rest: count)"


class _Parties(Rule):
    def __init__(self, fields: tuple[str, ...]) -> None:
        self.fields = fields

    def sees(self, obj: Any, aud: Audience) -> bool:
        if aud.omniscient:
            return True
        if aud.kind != "seat" or aud.character is None:
            return False
        return any(getattr(obj, f) == aud.character for f in self.fields)

    def refs(self) -> tuple[str, ...]:
        return self.fields

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        if role == "referee":
            return "shown"
        if role == "acting":
            return "shown" if refs and refs[0] in self.fields else "hidden"
        if role == "involved":
            return "shown" if any(f in self.fields for f in refs[1:]) else "hidden"
        return "hidden"


class _When(Rule):
    def __init__(self, field: str, values: frozenset[str], then: Rule, otherwise: Rule) -> None:
        self.field, self.values, self.then, self.otherwise = field, values, then, otherwise

    def _pick(self, obj: Any) -> Rule:
        v = getattr(obj, self.field)
        v = str(v).lower() if isinstance(v, bool) else str(v)
        return self.then if v in self.values else self.otherwise

    def sees(self, obj: Any, aud: Audience) -> bool:
        return self._pick(obj).sees(obj, aud)

    def refs(self) -> tuple[str, ...]:
        out = self.then.refs()
        return out + tuple(f for f in self.otherwise.refs() if f not in out)

    def cell(self, role: str, refs: tuple[str, ...]) -> str:
        a, b = self.then.cell(role, refs), self.otherwise.cell(role, refs)
        if a == b:
            return a
        cond = f"{self.field} is {' or '.join(sorted(self.values))}"
        return f"{a} if {cond}, else {b}"


def parse_rule(text: str) -> Rule:
    """Parse an audience rule (grammar in the module docstring). Raises ``ValueError`` for a malformed rule."""
    rule: Rule
    t = text.strip()
    if " ? " in t:
        cond, _, rest = t.partition(" ? ")
        then, sep, otherwise = rest.partition(" : ")
        field, eq, values = cond.partition("=")
        if not (sep and eq and field.isidentifier() and values):
            raise ValueError(f"malformed conditional audience rule {text!r}; expected 'F=V1|V2 ? RULE : RULE'")
        rule = _When(field, frozenset(values.split("|")), parse_rule(then), parse_rule(otherwise))
    elif t == "public":
        rule = _Public()
    elif t == "referee":
        rule = _Referee()
    elif t == "knowers":
        rule = _Knowers()
    elif t == "nested":
        rule = _Nested()
    elif t.startswith(("owner:", "parties:")):
        kind, _, fields = t.partition(":")
        names = tuple(f.strip() for f in fields.split(","))
        if not names or not all(n.isidentifier() for n in names) or (kind == "owner" and len(names) != 1):
            raise ValueError(f"malformed audience rule {text!r}; expected 'owner:FIELD' or 'parties:F,G'")
        rule = _Parties(names)
    else:
        raise ValueError(
            f"unknown audience rule {text!r}; expected public, referee, knowers, nested, owner:F, parties:F,G "
            "or 'F=V ? RULE : RULE'"
        )
    rule.text = t
    return rule


# ---- declarations --------------------------------------------------------------------------------------------

_P = "public"

#: Event tag -> field -> audience rule. Every event type of :data:`lifeboat.events.EVENT_TYPES` is declared, and
#: every field of each (tests/views/test_declarations.py). Keyed by the stable tag, not the class.
EVENT_AUDIENCE: dict[str, dict[str, str]] = {
    "characters_dealt": {"players": _P, "characters": _P, "seats": _P},
    "love_dealt": {"character": _P, "love": "owner:character"},
    "hate_dealt": {"character": _P, "hate": "owner:character"},
    "provisions_removed": {"cards": "referee"},
    # The full card lists are the rulebook's; views show their sizes, so a card id in a view always means a sighting.
    "decks_ready": {"provisions": "referee", "navigation": "referee"},
    "provision_dealt": {"character": _P, "card": "owner:character"},
    "round_started": {"round": _P},
    "provisions_phase_started": {"quartermaster": _P, "count": _P},
    "provisions_drawn": {"quartermaster": _P, "cards": "owner:quartermaster"},
    "provision_kept": {"character": _P, "card": "owner:character"},
    "provisions_passed": {"by": _P, "to": _P, "cards": "parties:by,to"},
    "action_phase_started": {"order": _P},
    "action_turn_started": {"character": _P, "index": _P},
    "swapped_turn_started": {"character": _P},
    "navigation_phase_started": {"navigator": _P},
    "round_ended": {"round": _P},
    "game_ended": {"reason": _P},
    "did_nothing": {"character": _P},
    "rowed": {"character": _P, "count": _P},
    "navigation_drawn": {"character": _P, "cards": "purpose=row|compass|navigator ? owner:character : public", "purpose": _P},
    "rowed_cards_placed": {"character": _P, "to_stack": "owner:character", "to_bottom": "owner:character"},
    "seat_change_declared": {"character": _P, "target": _P},
    "mug_declared": {"character": _P, "target": _P, "card": _P},
    "answered": {"character": _P, "consent": _P},
    "fight_started": {"attacker": _P, "defender": _P},
    "fight_joined": {"character": _P, "side": _P},
    "passed": {"character": _P},
    "fight_resolved": {"attackers": _P, "defenders": _P, "attack": _P, "defence": _P, "winner": _P},
    "seats_changed": {"character": _P, "target": _P},
    "mug_succeeded": {"character": _P, "target": _P, "card": _P},
    "card_mugged": {
        "character": _P, "target": _P, "card": "from_hand=true ? parties:character,target : public",
        "from_hand": _P,
    },
    "mug_found_nothing": {"character": _P, "target": _P},
    "card_revealed": {"character": _P, "card": _P},
    "flare_gun_fired": {"character": _P, "card": _P, "count": _P},
    "parasol_opened": {"character": _P, "card": _P},
    "medical_kit_used": {"character": _P, "card": _P, "target": _P, "kept": _P},
    "healed": {"character": _P},
    "wounded": {"character": _P, "amount": _P, "cause": _P},
    "seagull_added": {"total": _P},
    "seagull_removed": {"total": _P},
    "cards_to_bottom": {"cards": "knowers"},
    "trade_offered": {"character": _P, "to": _P, "give": "parties:character,to", "ask": "parties:character,to"},
    "trade_completed": {"character": _P, "to": _P, "gave": "parties:character,to", "got": "parties:character,to"},
    "trade_declined": {"character": _P, "to": _P},
    "compass_used": {"character": _P, "used": _P, "draws": _P},
    "navigation_card_chosen": {"character": _P, "card": _P, "to_bottom": "owner:character"},
    "navigation_card_revealed": {"card": _P},
    "went_overboard": {"characters": _P, "lost": _P},
    "life_preserver_thrown": {"character": _P, "card": _P, "target": _P},
    "chum_expended": {"character": _P, "card": _P},
    "sharks_called": {"character": _P},
    "ghost_rose": {"character": _P},
    "card_discarded": {"character": _P, "card": _P, "reason": _P},
    "lost_at_sea": {"character": _P},
    "thirst_counted": {"thirst": _P},
    "water_given": {"character": _P, "card": _P, "target": _P},
    "parasol_shaded": {"character": _P},
    # Recorded games (REC-1): which real card a placeholder is. The event that names it shows it to whoever may see
    # it; the identification itself is the referee's.
    "cards_unaccounted": {"cards": "referee"},
    "card_identified": {"placeholder": _P, "card": "referee"},
    "love_hate_identified": {"character": _P, "love": "owner:character", "hate": "owner:character"},
    # REC-3: the possibilities; a card the record names is the referee's (and the zone's owner's, who holds it)
    "cards_unseen": {"zone": _P, "cards": "owner:zone", "placeholders": _P},
    "cards_passed_unseen": {"zone": _P, "to": _P, "placeholders": _P},
    "card_deduced": {"placeholder": _P, "card": "owner:zone", "zone": _P, "reason": _P, "origin": _P},
    "card_traced": {"card": "owner:zone", "zone": _P, "origin": _P},
    "possibilities_forgotten": {"looks": _P},
    "love_hate_deduced": {"character": _P, "love": "owner:character", "hate": "owner:character"},
    "cannibalism_declared": {"character": _P, "card": _P, "body": _P},
    "objected_to_cannibalism": {"character": _P},
    "body_eaten": {"character": _P, "body": _P},
    "firewater_drunk": {"character": _P, "card": _P},  # LIQUID-1: the card goes face up
    "firewater_share_offered": {"character": _P, "card": _P},  # WONG-1
    "firewater_share_answered": {"character": _P, "card": _P, "share": _P},
    "water_shared": {"character": _P, "card": _P},
}

#: Step tag (what the game waits for, :data:`lifeboat.state.Step`) -> field -> audience rule.
STEP_AUDIENCE: dict[str, dict[str, str]] = {
    "await_setup": {},
    "provisions_draw": {"quartermaster": _P, "count": _P},
    "provisions_pick": {"picker": _P, "offered": "owner:picker"},
    "action_turn": {"actor": _P},
    "row_draw": {"rower": _P, "count": _P},
    "row_place": {"rower": _P, "drawn": "owner:rower"},
    "await_answer": {"kind": _P, "attacker": _P, "target": _P, "card": _P},
    "fight": {
        "kind": _P, "attacker": _P, "target": _P, "card": _P, "attackers": _P, "defenders": _P, "passed": _P,
    },
    "mug_draw": {"mugger": _P, "target": _P},
    "flare_draw": {"actor": _P, "count": _P},
    "compass_choice": {"navigator": _P},
    "compass_draw": {"navigator": _P, "count": _P},
    "navigator_draw": {"navigator": _P},
    "navigator_choice": {"navigator": _P},
    "navigation_turn": {},
    "overboard_window": {"card": _P, "overboard": _P, "lost": _P, "chum": _P, "passed": _P, "thrown": _P},
    "thirst_window": {"card": _P, "thirst": _P, "passed": _P},
    "game_over": {"reason": _P},
    "cannibalism_objection": {"user": _P, "card": _P, "body": _P, "passed": _P},
}

#: The table (:class:`lifeboat.state.State`) -> field -> audience rule (PROC-5).
STATE_AUDIENCE: dict[str, str] = {
    "ruleset": _P, "players": _P, "characters": "nested", "seats": _P, "provisions": "referee",
    "removed": "referee", "discard": _P, "nav_unseen": "referee", "nav_bottom": "referee", "row_stack": "knowers",
    "in_play": _P, "unaccounted": "referee", "known": "referee", "seagulls": _P, "round": _P, "action_order": _P, "action_index": _P,
    "turned_early": _P, "ghosts": _P, "drank": _P, "wong_share": _P,
    "open_parasol": _P, "offer": "nested", "step": "nested",
}

#: One character (:class:`lifeboat.state.CharacterState`) -> field -> audience rule (PROC-5, SETUP-2).
CHARACTER_AUDIENCE: dict[str, str] = {
    "character": _P, "player": _P, "love": "owner:character", "hate": "owner:character", "wounds": _P,
    "hand": "owner:character", "face_up": _P, "rowed": _P, "fought": _P, "in_boat": _P,
}

#: A pending trade (:class:`lifeboat.state.TradeOffer`) -> field -> audience rule (TRADE-1).
OFFER_AUDIENCE: dict[str, str] = {"by": _P, "to": _P, "give": "parties:by,to", "ask": "parties:by,to"}


def _parse_all(table: dict[Any, dict[str, str]]) -> dict[Any, dict[str, Rule]]:
    return {k: {f: parse_rule(r) for f, r in v.items()} for k, v in table.items()}


EVENT_RULES: dict[str, dict[str, Rule]] = _parse_all(EVENT_AUDIENCE)
STEP_RULES: dict[str, dict[str, Rule]] = _parse_all(STEP_AUDIENCE)
STATE_RULES: dict[str, Rule] = {f: parse_rule(r) for f, r in STATE_AUDIENCE.items()}
CHARACTER_RULES: dict[str, Rule] = {f: parse_rule(r) for f, r in CHARACTER_AUDIENCE.items()}
OFFER_RULES: dict[str, Rule] = {f: parse_rule(r) for f, r in OFFER_AUDIENCE.items()}


def tag(obj: Any) -> str:
    """The stable tag of an event or step (instance or class): ``"provision_kept"``."""
    return obj.__struct_config__.tag  # type: ignore[no-any-return]  # msgspec: our tags are str


def rules_of(obj: Any) -> dict[str, Rule]:
    """The parsed declaration of an event or a step (instance or class).

    Raises:
        KeyError: the type is not declared (tests/views/test_declarations.py forbids it).
    """
    t = tag(obj)
    return EVENT_RULES[t] if t in EVENT_RULES else STEP_RULES[t]


# ---- redaction -----------------------------------------------------------------------------------------------


def _hide(value: Any) -> Any:
    return tuple(None for _ in value) if isinstance(value, tuple) else None


def sees(rule: Rule, obj: Any, aud: Audience) -> bool:
    """True when ``aud`` sees the whole field governed by ``rule`` on ``obj`` (for ``knowers``: only when
    omniscient; use :func:`redact` with ``knowers`` for the per-card answer)."""
    return aud.omniscient or rule.sees(obj, aud)


def redact(
    obj: msgspec.Struct, rules: dict[str, Rule], aud: Audience, knowers: dict[str, Knowers] | None = None,
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The fields of ``obj`` as ``aud`` may see them: ``(data, hidden)``.

    ``data`` maps every declared field to its value, with each hidden value replaced by ``None`` (a hidden tuple
    keeps its length, ``None`` in each hidden place); ``hidden`` names the fields with at least one hidden part.
    ``knowers`` gives, for a ``knowers`` field, who knows each element (``None`` = everyone).

    Raises:
        KeyError: a field of ``obj`` has no declaration (the declaration tests forbid it).
    """
    data: dict[str, Any] = {}
    hidden: list[str] = []
    for field in obj.__struct_fields__:
        rule = rules[field]
        value = getattr(obj, field)
        if aud.omniscient or rule.sees(obj, aud):
            data[field] = value
            continue
        if isinstance(rule, _Knowers) and isinstance(value, tuple):
            who = (knowers or {}).get(field, tuple(frozenset() for _ in value))
            shown = tuple(
                v if k is None or (aud.kind == "seat" and aud.character in k) else None for v, k in zip(value, who)
            )
            data[field] = shown
            if any(x is None for x in shown):
                hidden.append(field)
            continue
        data[field] = _hide(value)
        hidden.append(field)
    return data, tuple(hidden)


def secret_fields(rules: dict[str, Rule]) -> tuple[str, ...]:
    """The fields whose rule is not plain ``public`` (and not ``nested``)."""
    return tuple(f for f, r in rules.items() if not isinstance(r, (_Public, _Nested)))


def seat_refs(rules: dict[str, Rule]) -> tuple[str, ...]:
    """The fields naming the seats that a declaration grants, in order: the first is the acting seat, the others
    the other involved seats (used for the columns of ``docs/hidden-information.md``)."""
    out: list[str] = []
    for rule in rules.values():
        out += [f for f in rule.refs() if f not in out]
    return tuple(out)


def is_knowers(rule: Rule) -> bool:
    """True for the ``knowers`` rule."""
    return isinstance(rule, _Knowers)
