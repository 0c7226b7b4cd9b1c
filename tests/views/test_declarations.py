"""Every event, step and table field declares its audience; the declarations are well formed; the generated
``docs/hidden-information.md`` agrees with them; the view types cannot carry another seat's secret."""

from __future__ import annotations

import typing
from pathlib import Path

import msgspec
import pytest

from lifeboat import events as e
from lifeboat.state import CharacterState, State, Step, TradeOffer
from lifeboat.views import (
    CHARACTER_AUDIENCE, EVENT_AUDIENCE, OFFER_AUDIENCE, STATE_AUDIENCE, STEP_AUDIENCE, CharacterView, PublicView,
    SeatView, SecretsView, parse_rule, render_matrix,
)
from lifeboat.views.__main__ import main as views_main
from lifeboat.views.audience import EVENT_RULES, STEP_RULES, Audience, seat_refs
from lifeboat.views.text import EVENT_TEXT

DOC = Path(__file__).resolve().parents[2] / "docs" / "hidden-information.md"
STEP_TYPES: tuple[type, ...] = typing.get_args(Step)


def _fields(cls: type) -> tuple[str, ...]:
    return cls.__struct_fields__  # type: ignore[attr-defined, no-any-return]


def _tag(cls: type) -> str:
    return cls.__struct_config__.tag  # type: ignore[attr-defined, no-any-return]


def test_every_event_type_is_declared_field_by_field() -> None:
    """Adding an event (or a field to one) without deciding who sees it fails here."""
    missing = [cls.__name__ for cls in e.EVENT_TYPES if _tag(cls) not in EVENT_AUDIENCE]
    assert missing == []
    for cls in e.EVENT_TYPES:
        assert tuple(EVENT_AUDIENCE[_tag(cls)]) == _fields(cls), cls.__name__


def test_every_event_type_has_a_line_of_text() -> None:
    assert [cls.__name__ for cls in e.EVENT_TYPES if _tag(cls) not in EVENT_TEXT] == []


def test_every_step_and_table_part_is_declared_field_by_field() -> None:
    for cls in STEP_TYPES:
        assert _tag(cls) in STEP_AUDIENCE, cls.__name__
        assert tuple(STEP_AUDIENCE[_tag(cls)]) == _fields(cls), cls.__name__
    for declared, cls in ((STATE_AUDIENCE, State), (CHARACTER_AUDIENCE, CharacterState), (OFFER_AUDIENCE, TradeOffer)):
        assert [f for f in _fields(cls) if f not in declared] == [], cls.__name__


def test_declarations_name_only_existing_types_and_fields() -> None:
    """Declarations ahead of the code are allowed only for whole types being added concurrently; a declared field
    of an existing type must exist."""
    tags = {_tag(cls): cls for cls in (*e.EVENT_TYPES, *STEP_TYPES)}
    for table in (EVENT_AUDIENCE, STEP_AUDIENCE):
        for t, fields in table.items():
            if t in tags:
                assert set(fields) == set(_fields(tags[t])), t


@pytest.mark.parametrize("table", [EVENT_RULES, STEP_RULES], ids=["events", "steps"])
def test_seat_and_condition_fields_are_public(table: dict[str, dict]) -> None:
    """A rule may only depend on public fields, or deciding who sees a value would itself leak."""
    for t, rules in table.items():
        for field in seat_refs(rules):
            assert field in rules and rules[field].text == "public", (t, field)
        for field, rule in rules.items():
            if " ? " in rule.text:
                cond = rule.text.split("=")[0]
                assert rules[cond].text == "public", (t, field, cond)


def test_the_declarations_match_the_task_brief() -> None:
    assert EVENT_AUDIENCE["provisions_removed"] == {"cards": "referee"}
    assert EVENT_AUDIENCE["love_dealt"]["love"] == "owner:character"
    assert EVENT_AUDIENCE["provision_dealt"]["card"] == "owner:character"
    assert EVENT_AUDIENCE["navigation_drawn"]["cards"] == "purpose=row|compass|navigator ? owner:character : public"
    assert EVENT_AUDIENCE["navigation_card_chosen"]["to_bottom"] == "owner:character"
    assert EVENT_AUDIENCE["card_mugged"]["card"] == "from_hand=true ? parties:character,target : public"
    assert EVENT_AUDIENCE["trade_completed"]["gave"] == "parties:character,to"
    assert STEP_AUDIENCE["provisions_pick"] == {"picker": "public", "offered": "owner:picker"}
    assert STEP_AUDIENCE["row_place"] == {"rower": "public", "drawn": "owner:rower"}


@pytest.mark.parametrize("bad", ["", "everyone", "owner:", "owner:a,b", "parties:", "x=1 ? public", "=1 ? a : b"])
def test_malformed_rules_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_rule(bad)


def test_conditional_rules() -> None:
    rule = parse_rule("purpose=row|compass ? owner:character : public")
    drawn = e.NavigationDrawn(character="kid", cards=("nav-19",), purpose="row")
    assert rule.sees(drawn, Audience("seat", "kid"))
    assert not rule.sees(drawn, Audience("seat", "captain"))
    assert not rule.sees(drawn, Audience("public"))
    assert rule.sees(drawn, Audience("referee"))
    assert rule.sees(drawn, Audience("public", ended=True))
    flare = e.NavigationDrawn(character="kid", cards=("nav-19",), purpose="flare")
    assert rule.sees(flare, Audience("public"))


def test_the_doc_is_generated_from_the_code() -> None:
    assert DOC.read_text(encoding="utf-8") == render_matrix(), "run: python -m lifeboat.views --write"
    assert views_main(["--check", str(DOC)]) == 0


def test_the_doc_has_one_row_per_event_type_and_a_column_per_audience() -> None:
    text = render_matrix()
    for cls in e.EVENT_TYPES:
        assert f"| `{cls.__struct_config__.tag}` |" in text  # type: ignore[attr-defined]
    assert "| Public | Acting seat | Other involved seat | Other seats | Referee |" in text
    assert "`provision_kept` | `character` | everything but `card`: hidden | everything |" in text


def test_check_fails_on_a_stale_doc(tmp_path: Path) -> None:
    stale = tmp_path / "hidden.md"
    stale.write_text("old\n", encoding="utf-8")
    assert views_main(["--check", str(stale)]) == 1
    assert views_main(["--write", str(stale)]) == 0
    assert views_main(["--check", str(stale)]) == 0


def _reachable(cls: type, path: str = "", out: dict[str, type] | None = None) -> dict[str, type]:
    """Every Struct type reachable from ``cls``'s fields, by field path."""
    out = {} if out is None else out
    for f in msgspec.structs.fields(cls):
        for t in _types(f.type):
            if isinstance(t, type) and issubclass(t, msgspec.Struct):
                p = f"{path}.{f.name}" if path else f.name
                if p not in out:
                    out[p] = t
                    _reachable(t, p, out)
    return out


def _types(t: object) -> list[object]:
    args = typing.get_args(t)
    return [t] if not args else [x for a in args for x in _types(a)]


def test_a_seat_view_has_no_field_for_another_seats_secret() -> None:
    """Others are CharacterView (hand_size, never hand); secrets of every character only under ``reveal`` (END-2)."""
    assert not {"hand", "love", "hate"} & set(CharacterView.__struct_fields__)
    paths = _reachable(SeatView)
    assert {p for p, t in paths.items() if t is SecretsView} == {"reveal.secrets"}
    public = _reachable(PublicView)
    assert {p for p, t in public.items() if t is SecretsView} == {"reveal.secrets"}
    assert "hand" in SeatView.__struct_fields__ and "hand" not in PublicView.__struct_fields__
