"""The open fight as every audience sees it: each side's members and strength (FIGHT-3), and its line of text.

A side's strength is what the fight would be decided on if the window closed now: the members' printed sizes
(OPT-SHARK: +1 each), the weapons face up in front of them and Firewater's +3 per drink this round (LIQUID-1,
REF-24), computed by the engine's own :func:`lifeboat.decide.fighter_strength` (the one function that decides the
fight). Every part is public (PROC-5): a weapon still in a hand never counts, so the numbers tell nobody a secret.
"""

from __future__ import annotations

from lifeboat.i18n import _

from lifeboat.decide import fighter_strength
from lifeboat.state import Fight, State
from lifeboat.views import text as tx
from lifeboat.views.structs import FighterView, FightView


def fight_view(state: State) -> FightView | None:
    """The open fight's sides and strengths (FIGHT-3), or ``None`` when the game waits for no fight.

    Example (bundled data): the Captain (size 7, a Knife face up) attacks Frenchy (size 6), who drank Firewater:
    ``attack`` 10 (7 + 3), ``defence`` 9 (6 + 3)."""
    step = state.step
    if not isinstance(step, Fight):
        return None

    def side(members: tuple[str, ...]) -> tuple[FighterView, ...]:
        out = []
        for ch in members:
            size, weapons, firewater = fighter_strength(state, ch)
            out.append(FighterView(character=ch, size=size, weapons=weapons, firewater=firewater,
                                   strength=size + weapons + firewater))
        return tuple(out)

    attackers, defenders = side(step.attackers), side(step.defenders)
    return FightView(kind=step.kind, attackers=attackers, defenders=defenders,
                     attack=sum(f.strength for f in attackers), defence=sum(f.strength for f in defenders))


def fight_text(fight: FightView, me: str | None) -> str:
    """The fight step's line for ``me`` (a character id, or ``None`` for the public and the referee), e.g.
    ``"Fight: attackers The Captain (strength 10) against defenders you (strength 9); a tie goes to the defenders.
    Join a side, reveal weapons or pass."`` (FIGHT-2, FIGHT-3)."""
    attackers = tx.names([f.character for f in fight.attackers], me)
    defenders = tx.names([f.character for f in fight.defenders], me)
    return _("Fight: attackers {attackers} (strength {attack}) against defenders {defenders} (strength {defence}); a "
             "tie goes to the defenders. Join a side, reveal weapons or pass.").format(
        attackers=attackers, attack=fight.attack, defenders=defenders, defence=fight.defence)
