"""The rules of a variant, written for players, generated from its `RuleSet`.

Pure Python (no pygame): `rules_sections(rules)` returns the sections the rules scene
shows, each `(section_id, title, paragraphs)`. A paragraph is a sentence string, or a
table: a list of `(label, value)` rows. Every sentence comes from the catalogue through
`tr()` with the RuleSet's numbers filled in, so house options and variants read correctly.

Fields a variant may not have yet are read with `getattr(..., default)`, so a rule set
from an older or newer engine still renders.

`section_for_key(message_key)` maps an engine refusal ("pile.frozen_need_pair") to the
section that explains it; the table's "Rule" link opens the rules there.
"""

from __future__ import annotations

from typing import Any

from game.i18n import number, tr

Paragraph = str | list[tuple[str, str]]
Section = tuple[str, str, list[Paragraph]]

SECTION_IDS = ("goal", "cards", "deal", "turn", "melds", "minimum", "pile", "threes",
               "going_out", "stock_end", "scoring", "table")

# message-key prefix -> section; a longer (more specific) prefix wins
_KEY_SECTIONS: dict[str, str] = {
    "pile": "pile", "take": "pile", "stockend": "stock_end", "draw": "stock_end",
    "meld": "melds", "meld.minimum": "minimum", "meld.minimum_hand": "minimum",
    "meld.opening_needs_clean": "minimum", "meld.keep_cards": "going_out",
    "meld.keep_discard": "going_out", "meld.red_three": "threes", "meld.threes_never": "threes",
    "meld.black_threes": "threes", "meld.black_threes_going_out": "threes",
    "goout": "going_out", "ask": "going_out", "discard": "turn",
    "discard.keep_card": "going_out", "discard.three": "threes", "turn": "turn",
    "hand": "scoring",
}

_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def section_for_key(key: str | None) -> str | None:
    """The rules section that explains a refusal's message key (None: no good match)."""
    if not key:
        return None
    parts = key.split(".")
    for n in range(len(parts), 0, -1):
        hit = _KEY_SECTIONS.get(".".join(parts[:n]))
        if hit:
            return hit
    return None


def _get(rules: Any, name: str, default: Any) -> Any:
    return getattr(rules, name, default)


def _rank_plural(rank: int, lower: bool = False) -> str:
    name = tr(f"rank.plural.{_RANK_LABELS.get(int(rank), str(int(rank)))}")
    return name.lower() if lower else name


def _ranks(ranks, lower: bool = False, joiner: str = "and") -> str:
    names = [_rank_plural(r, lower) for r in ranks]
    if len(names) <= 1:
        return "".join(names)
    key = "rules.list_or" if joiner == "or" else "rules.list_and"
    return tr(key, first=", ".join(names[:-1]), last=names[-1])


def _sentence(text: str) -> str:
    """A sentence that may open with a list of ranks written in lower case (they read
    "aces and sevens" inside a sentence) starts with a capital all the same."""
    return text[:1].upper() + text[1:]


def _n(v: int) -> str:
    return number(int(v))  # 5,000 in English, 5.000 in Italian and Spanish


def _minimum_rows(rules: Any) -> list[tuple[str, str]]:
    table = list(_get(rules, "minimums", ()))
    rows: list[tuple[str, str]] = []
    for i, (threshold, minimum) in enumerate(table):
        upper = table[i - 1][0] if i > 0 else None
        if threshold <= -(10 ** 8):  # the catch-all row
            label = tr("rules.minimum.below", score=_n(upper)) if upper is not None \
                else tr("rules.minimum.any")
        elif upper is None:
            label = tr("rules.minimum.from", score=_n(threshold))
        else:
            label = tr("rules.minimum.between", low=_n(threshold), high=_n(upper - 5))
        rows.append((label, tr("rules.points", points=_n(minimum))))
    return rows


def _section(sid: str, paragraphs: list[Paragraph]) -> Section:
    return sid, tr(f"rules.{sid}.title"), [p for p in paragraphs if p]


def rules_sections(rules: Any) -> list[Section]:
    """Every section of the rules of `rules` (a RuleSet), in reading order."""
    g = lambda name, default=None: _get(rules, name, default)  # noqa: E731
    players = g("players", 4)
    partnerships = players == 4
    out: list[Section] = []

    # -- the aim ------------------------------------------------------------------
    p: list[Paragraph] = []
    if partnerships:
        p.append(tr("rules.goal.partners"))
    else:
        p.append(tr("rules.goal.alone", players=players))
    p.append(tr("rules.goal.aim", target=_n(g("target", 5000))))
    if g("cutthroat", False) and players == 3:
        p.append(tr("rules.goal.cutthroat"))
    out.append(_section("goal", p))

    # -- cards and values -----------------------------------------------------------
    decks, jokers = g("decks", 2), g("jokers_per_deck", 2)
    p = [tr("rules.cards.deck", cards=decks * (52 + jokers), decks=decks, jokers=decks * jokers),
         tr("rules.cards.wild")]
    black3 = g("black_three_value", 5)
    p.append([(tr("rules.cards.value.joker"), "50"), (tr("rules.cards.value.ace_two"), "20"),
              (tr("rules.cards.value.high"), "10"), (tr("rules.cards.value.low"), "5"),
              (tr("rules.cards.value.black_three"), str(black3)),
              (tr("rules.cards.value.red_three"), tr("rules.cards.value.bonus_only"))])
    out.append(_section("cards", p))

    # -- the deal -------------------------------------------------------------------
    p = [tr("rules.deal.hand", count=g("hand_size", 11))]
    if g("pile_starts_empty", False):
        p.append(tr("rules.deal.pile_empty"))
    elif g("pile_buries_by_upcard", False):
        p.append(tr("rules.deal.pile_buried"))
    else:
        p.append(tr("rules.deal.pile_turned"))
    if g("lay_out_black_threes", False):
        p.append(tr("rules.deal.all_threes"))
    else:
        p.append(tr("rules.deal.red_threes"))
    out.append(_section("deal", p))

    # -- a turn ---------------------------------------------------------------------
    draw = g("draw_count", 1)
    p = [tr("rules.turn.open_before_draw")] if g("open_before_draw", False) else []
    p += [tr("rules.turn.draw_one") if draw == 1 else tr("rules.turn.draw_many", count=draw),
         tr("rules.turn.meld"), tr("rules.turn.discard")]
    if g("wild_discard_only_going_out", False):
        p.append(tr("rules.turn.no_wild_discard"))
    guarded = tuple(g("empty_pile_guarded_ranks", ()) or ())
    if guarded:
        p.append(_sentence(tr("rules.turn.empty_pile_guarded", ranks=_ranks(guarded, lower=True))))
    p.append(tr("rules.turn.clockwise"))
    out.append(_section("turn", p))

    # -- melds and wild cards ---------------------------------------------------------
    max_wilds = g("max_wilds", 3)
    p = [tr("rules.melds.basic"), tr("rules.melds.one_per_rank")]
    if g("wild_ratio", "natural_gt_wild") == "hoyle":
        p.append(tr("rules.melds.ratio_hoyle", max=max_wilds))
    else:
        p.append(tr("rules.melds.ratio_more", max=max_wilds))
    size = g("max_meld_size", 0)
    p.append(tr("rules.melds.max_size", max=size) if size else tr("rules.melds.no_limit"))
    p.append(tr("rules.melds.canasta"))
    wild_free = tuple(g("wild_free_ranks", ()) or ())
    if wild_free:
        p.append(_sentence(tr("rules.melds.wild_free", ranks=_ranks(wild_free, lower=True))))
    opening_only = tuple(g("opening_only_wild_ranks", ()) or ())
    if opening_only:
        p.append(_sentence(tr("rules.melds.opening_only_wild", ranks=_ranks(opening_only, lower=True))))
    five = g("rule_of_five", 0)
    if five:
        p.append(tr("rules.melds.rule_of_five", need=five))
    if g("wild_canasta", False):
        wmin = g("wild_meld_min", 7)
        if wmin >= 7:
            p.append(tr("rules.melds.wild_canasta_complete"))
        else:
            p.append(tr("rules.melds.wild_meld", min=wmin))
        if g("wild_meld_locks", False):
            p.append(tr("rules.melds.wild_meld_locks"))
    else:
        p.append(tr("rules.melds.no_wild_meld"))
    if g("dead_ranks", False):
        p.append(tr("rules.melds.dead_ranks"))
    if not g("lay_out_black_threes", False) and g("meld_black_threes", True):
        p.append(tr("rules.melds.black_threes"))
    out.append(_section("melds", p))

    # -- the first meld: minimum count --------------------------------------------------
    p = [tr("rules.minimum.intro"), _minimum_rows(rules), tr("rules.minimum.adds_up")]
    if g("opening_counts_pile_card", True):
        p.append(tr("rules.minimum.pile_card_counts"))
    else:
        p.append(tr("rules.minimum.hand_only"))
    if not g("dirty_opening", True):
        p.append(tr("rules.minimum.natural_only"))
    if g("opening_needs_clean_meld", False):
        p.append(tr("rules.minimum.needs_clean"))
    if g("canasta_from_hand_opens", False):
        p.append(tr("rules.minimum.canasta_opens"))
    out.append(_section("minimum", p))

    # -- the discard pile ---------------------------------------------------------------
    if g("take_needs_natural_pair", False):
        join = g("take_join_max_size", 0)
        p = [tr("rules.pile.always_pair")]
        if join:
            p.append(tr("rules.pile.join_small", max=join))
        if g("open_before_draw", False):
            p.append(tr("rules.pile.open_side_only"))
        else:
            p.append(tr("rules.pile.unopened_modern"))
        if g("stopper_take_naturals", 0):
            p.append(tr("rules.pile.stoppers", count=g("stopper_take_naturals", 0)))
        if g("wild_top_take_same", 0):
            p.append(tr("rules.pile.wild_top", count=g("wild_top_take_same", 0)))
    else:
        p = [tr("rules.pile.blocked"), tr("rules.pile.frozen"), tr("rules.pile.frozen_unopened"),
             tr("rules.pile.take_frozen"), tr("rules.pile.take_unfrozen"), tr("rules.pile.one_card")]
    if g("dead_ranks", False):
        p.append(tr("rules.pile.dead"))
    p.append(tr("rules.pile.rest_to_hand"))
    out.append(_section("pile", p))

    # -- threes -------------------------------------------------------------------------
    p = []
    if g("lay_out_black_threes", False):
        p.append(tr("rules.threes.all_laid_out"))
    else:
        p.append(tr("rules.threes.red"))
        p.append(tr("rules.threes.red_from_pile"))
        if g("stopper_take_naturals", 0) and not g("meld_black_threes", True):
            p.append(tr("rules.threes.black_stopper"))
        else:
            p.append(tr("rules.threes.black"))
    out.append(_section("threes", p))

    # -- going out ----------------------------------------------------------------------
    need = g("canastas_to_go_out", 1)
    if g("go_out_needs_natural_and_mixed", False):
        p = [tr("rules.going_out.natural_and_mixed")]
    else:
        p = [tr("rules.going_out.need", count=need) if need != 1 else tr("rules.going_out.need_one")]
    if g("go_out_with_discard", False):
        p.append(tr("rules.going_out.with_discard"))
    else:
        p.append(tr("rules.going_out.how"))
    p.append(tr("rules.going_out.keep_card"))
    if g("final_discard_no_stoppers", False):
        p.append(tr("rules.going_out.final_discard"))
    if g("unfinished_wild_meld_binds", False):
        p.append(tr("rules.going_out.wild_meld_binds"))
    if partnerships:
        p.append(tr("rules.going_out.ask"))
        p.append(tr("rules.going_out.yes_binds") if g("go_out_yes_binds", True)
                 else tr("rules.going_out.yes_permits"))
        if g("ask_once_per_hand", False):
            p.append(tr("rules.going_out.ask_once"))
    if g("concealed_going_out", True):
        p.append(tr("rules.going_out.concealed", bonus=_n(g("concealed_bonus", 200))))
    out.append(_section("going_out", p))

    # -- the end of the stock --------------------------------------------------------------
    p = []
    if g("last_three_stays_in_hand", False):
        p.append(tr("rules.stock_end.last_three"))
    else:
        p.append(tr("rules.stock_end.red_three_last"))
    if g("stock_out_ends_hand", False):
        p.append(tr("rules.stock_end.ends"))
    else:
        p.append(tr("rules.stock_end.play_on"))
    out.append(_section("stock_end", p))

    # -- scoring --------------------------------------------------------------------------
    rows: list[tuple[str, str]] = []
    by_rank = dict(g("natural_canasta_bonus_by_rank", ()) or ())
    rows.append((tr("rules.scoring.natural_canasta"), _n(g("natural_canasta_bonus", 500))))
    for rank, bonus in sorted(by_rank.items()):
        rows.append((tr("rules.scoring.natural_canasta_of", rank=_rank_plural(rank, True)), _n(bonus)))
    rows.append((tr("rules.scoring.mixed_canasta"), _n(g("mixed_canasta_bonus", 300))))
    if g("wild_canasta", False):
        by_jokers = tuple(g("wild_canasta_bonus_by_jokers", ()) or ())
        if by_jokers:
            jokers_all = decks * jokers
            if len(by_jokers) > 0:
                rows.append((tr("rules.scoring.wild_canasta_twos"), _n(by_jokers[0])))
            if len(by_jokers) > jokers_all:
                rows.append((tr("rules.scoring.wild_canasta_jokers", jokers=jokers_all),
                             _n(by_jokers[jokers_all])))
            rows.append((tr("rules.scoring.wild_canasta_other"),
                         _n(by_jokers[1] if len(by_jokers) > 1 else g("wild_canasta_bonus", 2000))))
        else:
            rows.append((tr("rules.scoring.wild_canasta"), _n(g("wild_canasta_bonus", 2000))))
    rows.append((tr("rules.scoring.melded_cards"), tr("rules.scoring.their_value")))
    three_table = tuple(g("three_bonus_by_count", ()) or ())
    red_table = tuple(g("red_three_bonus_by_count", ()) or ())
    if three_table:
        for count in range(1, len(three_table)):
            rows.append((tr("rules.scoring.threes_count", count=count), _n(three_table[count])))
    elif red_table:
        for count in range(1, len(red_table)):
            rows.append((tr("rules.scoring.red_threes_count", count=count), _n(red_table[count])))
    else:
        rows.append((tr("rules.scoring.red_three"), _n(g("red_three_bonus", 100))))
        rows.append((tr("rules.scoring.all_red_threes"), _n(g("all_red_threes_bonus", 800))))
    rows.append((tr("rules.scoring.going_out"), _n(g("going_out_bonus", 100))))
    if g("concealed_going_out", True):
        rows.append((tr("rules.scoring.concealed"), _n(g("concealed_bonus", 200))))
    rows.append((tr("rules.scoring.in_hand"), tr("rules.scoring.minus_value")))
    if not g("lay_out_black_threes", False) and g("black3_in_hand_penalty", 5):
        rows.append((tr("rules.scoring.black_three_in_hand"), "-" + _n(g("black3_in_hand_penalty", 5))))
    for rank, pen in sorted(dict(g("incomplete_meld_penalty_by_rank", ()) or ()).items()):
        rows.append((tr("rules.scoring.incomplete_of", rank=_rank_plural(rank, True)), "-" + _n(pen)))
    if g("incomplete_wild_meld_penalty", 0):
        rows.append((tr("rules.scoring.incomplete_wild"), "-" + _n(g("incomplete_wild_meld_penalty", 0))))
    if g("held_group_penalty", 0):
        rows.append((tr("rules.scoring.held_group", size=g("held_group_size", 3),
                        ranks=_ranks(g("held_group_ranks", ()), lower=True, joiner="or")), "-" + _n(g("held_group_penalty", 0))))
    p = [tr("rules.scoring.intro"), rows]
    if g("melds_negative_without_canasta", False):
        p.append(tr("rules.scoring.negative_without_canasta"))
    if three_table:
        p.append(tr("rules.scoring.threes_sign"))
    elif red_table and g("red_three_sign_by_canasta_kinds", ()):
        p.append(tr("rules.scoring.red_threes_by_kinds"))
    else:
        p.append(tr("rules.scoring.red_threes_negative"))
    p.append(tr("rules.scoring.target", target=_n(g("target", 5000))))
    out.append(_section("scoring", p))

    # -- at the table (the controls) ---------------------------------------------------------
    out.append(("table", tr("ui.rules.table.title"), [tr("ui.rules.table"), tr("rules.table.learning")]))
    return out


def plain_text(rules: Any) -> str:
    """All sections as plain text (tests, and a quick look from a terminal)."""
    lines: list[str] = []
    for _sid, title, paragraphs in rules_sections(rules):
        lines.append(title.upper())
        for para in paragraphs:
            if isinstance(para, str):
                lines.append(para)
            else:
                lines.extend(f"  {a}: {b}" for a, b in para)
        lines.append("")
    return "\n".join(lines)
