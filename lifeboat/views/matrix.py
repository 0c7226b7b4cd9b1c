"""``docs/hidden-information.md``, generated from the declarations in :mod:`lifeboat.views.audience`.

:func:`render_matrix` returns the whole Markdown page; ``python -m lifeboat.views --write`` writes it and
``--check`` exits 1 when the page is stale (a test does the same check).
"""

from __future__ import annotations

import typing

from lifeboat.events import EVENT_TYPES
from lifeboat.state import CharacterState, Step, TradeOffer
from lifeboat.views.audience import (
    CHARACTER_AUDIENCE, EVENT_AUDIENCE, OFFER_AUDIENCE, STATE_AUDIENCE, STEP_AUDIENCE, Rule, parse_rule, seat_refs,
)

ROLES = ("public", "acting", "involved", "other", "referee")
HEADERS = ("Public", "Acting seat", "Other involved seat", "Other seats", "Referee")


def _is_tuple(cls: type, field: str) -> bool:
    hints = typing.get_type_hints(cls)
    t = hints.get(field)
    return typing.get_origin(t) is tuple or t is tuple


def _cell(cls: type, rules: dict[str, Rule], role: str) -> str:
    refs = seat_refs(rules)
    if refs and role == "involved" and len(refs) < 2:
        return "—"
    parts = []
    for field, rule in rules.items():
        how = rule.cell(role, refs)
        if how == "shown":
            continue
        if _is_tuple(cls, field):
            how = how.replace("hidden", "count only")
        parts.append(f"`{field}`: {how}")
    return "everything" if not parts else "everything but " + "; ".join(parts)


def _esc(text: str) -> str:
    return text.replace("|", "\\|")


def _tag(cls: type) -> str:
    return cls.__struct_config__.tag  # type: ignore[attr-defined, no-any-return]  # a Struct: a str tag


def _rows(types: tuple[type, ...], table: dict[str, dict[str, str]]) -> list[str]:
    lines = ["| Type | Seats (acting; involved) | " + " | ".join(HEADERS) + " |",
             "|---|---|" + "---|" * len(HEADERS)]
    for cls in types:
        rules = {f: parse_rule(r) for f, r in table[_tag(cls)].items()}
        refs = seat_refs(rules)
        seats = "; ".join(f"`{f}`" for f in refs) if refs else "—"
        cells = " | ".join(_cell(cls, rules, role) for role in ROLES)
        lines.append(f"| `{_tag(cls)}` | {seats} | {cells} |")
    return lines


def _declarations(types: tuple[type, ...], table: dict[str, dict[str, str]]) -> list[str]:
    lines = ["| Type | Field | Audience rule |", "|---|---|---|"]
    for cls in types:
        for field, rule in table[_tag(cls)].items():
            lines.append(f"| `{_tag(cls)}` | `{field}` | `{_esc(rule)}` |")
    return lines


def _plain(title: str, cls: type, table: dict[str, str]) -> list[str]:
    lines = [f"### {title}", "", "| Field | Audience rule | Public | Own seat | Other seats | Referee |",
             "|---|---|---|---|---|---|"]
    rules = {f: parse_rule(table[f]) for f in cls.__struct_fields__}  # type: ignore[attr-defined]  # a Struct
    refs = seat_refs(rules)
    for field, rule in rules.items():
        cells = []
        for role in ("public", "acting", "other", "referee"):
            how = rule.cell(role, refs)
            if _is_tuple(cls, field):
                how = how.replace("hidden", "count only")
            cells.append(how)
        lines.append(f"| `{field}` | `{_esc(rule.text)}` | " + " | ".join(cells) + " |")
    return lines + [""]


#: The paragraphs on the end, recorded games, faces (VIEW-FACE-1), memory and the files, one string a line.
_NOTES: tuple[str, ...] = (
    "**At the end** (`game_ended`, END-2) every hand, LOVE and HATE is revealed: from then on every audience",
    "sees every field of every event (the removed provisions too), and each view carries a `reveal` with every",
    "character's secrets and the scores.",
    "",
    "**Recorded games** (REC-1): a `card_identified` (a placeholder found to be a real card) shows its `card`",
    "to an audience exactly when the next event of the same commit that is not itself an identification shows",
    "that card to the same audience: a card identified as it is turned up, drawn or played is no more secret",
    "than that event; one the recorder names on its own line stays the referee's until the end (END-2).",
    "",
    "**Faces, not instances** (VIEW-FACE-1). Provisions of one face are alike, so every view but the",
    "referee's names a provision by its instance id (`water-5`) only where the audience holds that card: its",
    "own hand, its face-up cards, the provisions offered to it to keep. Everywhere else, in the table, the log,",
    "the memory and the legal commands, a card is named by its face (`water`; a Painting with its value,",
    "`painting(3)`), so the tables below say who sees a card, and this says how it is named. After the end",
    "(END-2) every audience sees every instance.",
    "",
    "**Memory.** A seat's view lists the facts it saw that the table did not (cards it was dealt, drew, kept,",
    "passed or received in the provisions draft; navigation cards it drew and where it put them, in order;",
    "cards it gave or got in a trade; a hand card it took in a mug or that was taken from it; its LOVE and",
    "HATE): remembered facts, not claims about where a card is now.",
    "",
    "**The files.** The journal is the referee's: it holds every event whole (its line 2 deals every LOVE, HATE",
    "and first hand). Every journal the program writes is readable by its owner only (mode 0600), as the",
    "dealer's deck file is; players see the game through these views (`replay --as`, `--html`, `serve`).",
    "",
)


def render_matrix() -> str:
    """The Markdown of ``docs/hidden-information.md``, from the declarations (deterministic)."""
    from lifeboat.state import State

    steps: tuple[type, ...] = typing.get_args(Step)
    out: list[str] = [
        "# Hidden information",
        "",
        "<!-- Generated by `python -m lifeboat.views --write` from lifeboat/views/audience.py. Do not edit by hand;",
        "     tests/views/test_declarations.py fails when this page and the code disagree. -->",
        "",
        "`lifeboat/views/` is the only place that decides what an audience sees (PROC-5, END-2). There are three",
        "audiences: the **public** (a spectator), a **seat** (one player, named by its character id) and the",
        "**referee** (everything; only through `referee_view` / `referee_log`, i.e. `--as referee` or `audit`).",
        "",
        "Each field of each event, pending step and table part declares its audience with a rule:",
        "",
        "- `public`: every audience sees it (PROC-5: seats, wounds, markers, face-up cards, discards, seagulls,",
        "  hand and deck sizes).",
        "- `referee`: only the referee; a card list shows its length to everyone else.",
        "- `owner:F`: only the seat named by field `F`; `parties:F,G`: only the seats named by `F` and `G`.",
        "- `knowers`: each card is shown to whoever already knows where it is (a card in play: everyone; a row-stack",
        "  card: the rower who put it there, or the navigator who drew it with the Compass or looked at the stack).",
        "- `F=V1|V2 ? RULE : RULE`: the first rule when field `F` has one of the values, else the second.",
        "- `nested`: the part has its own declaration below.",
        "",
        "A hidden value is `null` in a view; a hidden card list keeps its length (`[null, null]`: two cards), so",
        "every audience learns *how many* cards moved but not which (ROW-1, PROV-2, TRADE-1). Each view line of",
        "text is written only from the redacted data, so it cannot say more than the data.",
        "",
        *_NOTES,
        "In the tables, *acting seat* is the seat named by the first field in *Seats*, *other involved seat* the",
        "seat(s) named by the others, *other seats* every other player. A cell lists what that audience does not",
        "see in full; \"everything\" means every field.",
        "",
        "## Events",
        "",
        *_rows(EVENT_TYPES, EVENT_AUDIENCE),
        "",
        "## Pending steps (what the game waits for)",
        "",
        *_rows(steps, STEP_AUDIENCE),
        "",
        "The navigator choosing (`navigator_choice`, NAV-1) sees every card of the row stack in the table's",
        "`row_stack`; others see `null` for each card they did not put there.",
        "",
        "## The table",
        "",
        *_plain("State (`lifeboat.state.State`)", State, STATE_AUDIENCE),
        *_plain("Each character (`lifeboat.state.CharacterState`)", CharacterState, CHARACTER_AUDIENCE),
        *_plain("A pending trade (`lifeboat.state.TradeOffer`)", TradeOffer, OFFER_AUDIENCE),
        "## Declarations, field by field",
        "",
        *_declarations(EVENT_TYPES, EVENT_AUDIENCE),
        "",
        *_declarations(steps, STEP_AUDIENCE),
        "",
    ]
    return "\n".join(out)
