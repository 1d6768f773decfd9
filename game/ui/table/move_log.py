"""The move log: one line per move of the hand, as the side panel lists it.

Lines are kept as data (whose move, a message key, the cards by their codes), never as
finished sentences, so they are phrased again in whatever language the player switches
to, and they are saved with the game (the engine's own history is not). Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.i18n import card_names, tr
from game.rules import events as ev
from game.rules.cards import RANK_LABELS

KEYS = ("commitment", "dealt", "drew", "took", "melded", "discarded", "red_three", "black_three", "asked",
        "answered_yes", "answered_no", "passed", "alone", "went_out")
NOTES = ("", "frozen", "blocked")
NOTE_KEYS = {"frozen": "ui.log.pile_frozen", "blocked": "ui.log.pile_blocked"}


@dataclass(frozen=True)
class LogLine:
    seat: int  # whose move (-1: the dealer's, e.g. the deal itself)
    key: str  # one of KEYS
    groups: tuple[str, ...] = ()  # the cards, one string of codes per meld ("7C 7D 7S")
    count: int = 0  # the pile's size for a take, the hand's number for a deal
    note: str = ""  # what the move did to the pile: "frozen", "blocked"
    # per group, the rank label of the meld it was added to ("" for a new meld; empty in
    # lines saved before lay-offs were told apart)
    onto: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "key": self.key, "groups": list(self.groups), "count": self.count,
                "note": self.note, "onto": list(self.onto)}

    @classmethod
    def from_dict(cls, d: Any) -> LogLine | None:
        """A line read back from a save; None when it is not one this game wrote."""
        if not isinstance(d, dict):
            return None
        seat, key, groups = d.get("seat"), d.get("key"), d.get("groups", [])
        count, note, onto = d.get("count", 0), d.get("note", ""), d.get("onto", [])
        if not (isinstance(seat, int) and -1 <= seat < 4 and key in KEYS and note in NOTES
                and isinstance(count, int) and 0 <= count <= 1000 and isinstance(groups, list)
                and len(groups) <= 20 and all(isinstance(g, str) and len(g) <= 200 for g in groups)
                and isinstance(onto, list) and len(onto) in (0, len(groups))
                and all(o == "" or o in RANK_LABELS.values() for o in onto)):
            return None
        return cls(seat, key, tuple(groups), count, note, tuple(onto))

    def text(self, seat_name: Callable[[int], str], human: int) -> str:
        """The line in the current language."""
        if self.key == "dealt":
            return tr("ui.log.dealt", number=self.count)
        if self.key == "commitment":
            from game.rules.deal import grouped

            return tr("ui.log.commitment", hash=grouped(self.groups[0]) if self.groups else "-")
        who = "you" if self.seat == human else "other"
        onto = self.onto or ("",) * len(self.groups)
        # each group in words: its cards, or its cards and the meld they joined
        parts = [tr("ui.log.onto", cards=card_names(g), rank=o) if o else card_names(g)
                 for g, o in zip(self.groups, onto, strict=True)]
        added = [p for p, o in zip(parts, onto, strict=True) if o]
        new = [p for p, o in zip(parts, onto, strict=True) if not o]
        name, count = seat_name(self.seat), self.count
        if self.key == "took":
            # the meld made with the top card, then any further melds, in one sentence
            out = tr(f"ui.log.{who}.took", cards=parts[0] if parts else "", name=name, count=count)
            if parts[1:]:
                out = tr(f"ui.log.{who}.and_melded", line=out, cards=", ".join(parts[1:]))
        elif self.key == "melded" and added:
            out = tr(f"ui.log.{who}.added", cards=", ".join(added), name=name, count=count)
            if new:
                out = tr(f"ui.log.{who}.melded_added", cards=", ".join(new), added=", ".join(added), name=name, count=count)
        else:
            out = tr(f"ui.log.{who}.{self.key}", cards=" · ".join(parts), name=name, count=count)
        if self.note:
            out += " — " + tr(NOTE_KEYS[self.note])
        return out


def _codes(cards: Iterable[Any]) -> str:
    return " ".join(c.label for c in cards)


def lines_for(events: list[ev.Event], human: int, commitment: str = "") -> list[LogLine]:
    """The log lines of one move (or of a deal, led by the game's `commitment` when it has
    one). The human's own draw names its cards; another player's draw only says that it
    drew."""
    out: list[LogLine] = []
    took = next((e for e in events if isinstance(e, ev.PileTaken)), None)
    made = [e for e in events if isinstance(e, ev.Melded)]
    if took is not None:  # the meld the top card went into comes first
        made.sort(key=lambda e: took.top not in e.cards)
    melds = tuple(_codes(e.cards) for e in made)
    onto = tuple("" if e.new or e.rank is None else e.rank.label for e in made)
    for e in events:
        if isinstance(e, ev.HandDealt):
            if commitment:
                out.append(LogLine(-1, "commitment", (commitment,)))
            out.append(LogLine(-1, "dealt", count=e.hand_number))
        elif isinstance(e, ev.RedThreeLaidOut):
            # modern american lays out black 3s too: the event names any 3 laid out
            kind = "black_three" if e.card.is_black_three else "red_three"
            out.append(LogLine(e.seat, kind, (e.card.label,)))
        elif isinstance(e, ev.CardsDrawn):
            shown = (_codes(e.cards),) if e.seat == human else ()
            out.append(LogLine(e.seat, "drew", shown))
        elif isinstance(e, ev.PileTaken):
            out.append(LogLine(e.seat, "took", melds or (e.top.label,), count=len(e.cards), onto=onto if melds else ()))
        elif isinstance(e, ev.Melded) and took is None and e is _first_meld(events):
            out.append(LogLine(e.seat, "melded", melds, onto=onto))
        elif isinstance(e, ev.Discarded):
            note = "blocked" if e.card.is_black_three else "frozen" if e.card.is_wild else ""
            out.append(LogLine(e.seat, "discarded", (e.card.label,), note=note))
        elif isinstance(e, ev.AskedToGoOut):
            out.append(LogLine(e.seat, "asked"))
        elif isinstance(e, ev.Answered):
            out.append(LogLine(e.seat, "answered_yes" if e.yes else "answered_no"))
        elif isinstance(e, ev.PilePassed):
            out.append(LogLine(e.seat, "passed"))
        elif isinstance(e, ev.PartnershipFormed):
            out.append(LogLine(e.lone_seat, "alone"))
        elif isinstance(e, ev.WentOut):
            out.append(LogLine(e.seat, "went_out"))
    return out


def _first_meld(events: list[ev.Event]) -> ev.Event | None:
    return next((e for e in events if isinstance(e, ev.Melded)), None)


class MoveLog:
    """This hand's lines; a new deal starts a new log."""

    def __init__(self, lines: Iterable[LogLine] = ()) -> None:
        self.lines: list[LogLine] = list(lines)

    @classmethod
    def from_saved(cls, data: Any) -> MoveLog:
        items = data if isinstance(data, list) else []
        return cls(line for line in (LogLine.from_dict(d) for d in items[:2000]) if line is not None)

    def to_saved(self) -> list[dict[str, Any]]:
        return [line.to_dict() for line in self.lines]

    def add(self, events: list[ev.Event], human: int, commitment: str = "") -> None:
        if any(isinstance(e, ev.HandDealt) for e in events):
            self.lines = []
        self.lines.extend(lines_for(events, human, commitment))

    def truncate(self, n: int) -> None:
        del self.lines[n:]

    def __len__(self) -> int:
        return len(self.lines)
