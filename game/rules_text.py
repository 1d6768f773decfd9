"""The rules of a variant, written for players, generated from its `RuleSet`.

Pure Python (no pygame): `rules_sections(rules)` returns the sections the rules scene
shows, each `(section_id, title, paragraphs)`. A paragraph is a sentence string, or a
table: a list of `(label, value)` rows. Every sentence comes from the catalogue through
`tr()` with the RuleSet's numbers filled in, so house options and variants read correctly.

`section_for_key(message_key)` maps an engine refusal ("pile.frozen_need_pair") to the
section that explains it; the table's "Rule" link opens the rules there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import SOLO_SUFFIX, number, rank_word, solo_key, tr
from game.rules.cards import Rank
from game.rules.ruleset import RuleSet

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

def section_for_key(key: str | None) -> str | None:
    """The rules section that explains a refusal's message key (None: no good match)."""
    if not key:
        return None
    parts = key.removesuffix(SOLO_SUFFIX).split(".")
    for n in range(len(parts), 0, -1):
        hit = _KEY_SECTIONS.get(".".join(parts[:n]))
        if hit:
            return hit
    return None


def _rank_plural(rank: int, lower: bool = False) -> str:
    name = rank_word(Rank(int(rank)))
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


def _minimum_rows(rules: RuleSet) -> list[tuple[str, str]]:
    table = list(rules.minimums)
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


def _speaker(alone: bool) -> Callable[..., str]:
    """`tr` for the rules of a game where every player is `alone` (no partnerships): a
    sentence about the player's side is said in its solo wording (`solo_key`)."""
    def phrase(key: str, **params: Any) -> str:
        return tr(solo_key(key, alone), **params)
    return phrase


def _section(sid: str, paragraphs: list[Paragraph]) -> Section:
    return sid, tr(f"rules.{sid}.title"), [p for p in paragraphs if p]


def rules_sections(rules: RuleSet) -> list[Section]:
    """Every section of the rules of `rules` (a RuleSet), in reading order."""
    players = rules.players
    partnerships = players == 4
    # with two or three players everyone plays alone: the sentences about "your side"
    # are said in their solo wording ("your melds", "a player reaches")
    phrase = _speaker(alone=not partnerships)
    out: list[Section] = []

    # -- the aim ------------------------------------------------------------------
    p: list[Paragraph] = []
    if partnerships:
        p.append(phrase("rules.goal.partners"))
    else:
        p.append(phrase("rules.goal.alone", count=players))
    p.append(phrase("rules.goal.aim", target=_n(rules.target)))
    if rules.cutthroat and players == 3:
        p.append(phrase("rules.goal.cutthroat"))
        p.append(phrase("rules.goal.cutthroat_shared"))
    out.append(_section("goal", p))

    # -- cards and values -----------------------------------------------------------
    decks, jokers = rules.decks, rules.jokers_per_deck
    p = [phrase("rules.cards.deck", count=decks * (52 + jokers), decks=tr("rules.cards.decks", count=decks),
                jokers=tr("rules.cards.jokers", count=decks * jokers)),
         phrase("rules.cards.wild")]
    black3 = rules.black_three_value
    p.append([(phrase("rules.cards.value.joker"), "50"), (phrase("rules.cards.value.ace_two"), "20"),
              (phrase("rules.cards.value.high"), "10"), (phrase("rules.cards.value.low"), "5"),
              (phrase("rules.cards.value.black_three"), str(black3)),
              (phrase("rules.cards.value.red_three"), phrase("rules.cards.value.bonus_only"))])
    out.append(_section("cards", p))

    # -- the deal -------------------------------------------------------------------
    p = [phrase("rules.deal.hand", count=rules.hand_size)]
    if rules.pile_starts_empty:
        p.append(phrase("rules.deal.pile_empty"))
    elif rules.pile_buries_by_upcard:
        p.append(phrase("rules.deal.pile_buried"))
    else:
        p.append(phrase("rules.deal.pile_turned"))
    if rules.lay_out_black_threes:
        p.append(phrase("rules.deal.all_threes"))
    else:
        p.append(phrase("rules.deal.red_threes"))
    out.append(_section("deal", p))

    # -- a turn ---------------------------------------------------------------------
    draw = rules.draw_count
    p = [phrase("rules.turn.open_before_draw")] if rules.open_before_draw else []
    p += [phrase("rules.turn.draw_one") if draw == 1 else phrase("rules.turn.draw_many", count=draw),
         phrase("rules.turn.meld"), phrase("rules.turn.discard")]
    if rules.wild_discard_only_going_out:
        p.append(phrase("rules.turn.no_wild_discard"))
    guarded = tuple(rules.empty_pile_guarded_ranks or ())
    if guarded:
        p.append(_sentence(phrase("rules.turn.empty_pile_guarded", ranks=_ranks(guarded, lower=True))))
    p.append(phrase("rules.turn.clockwise"))
    out.append(_section("turn", p))

    # -- melds and wild cards ---------------------------------------------------------
    max_wilds = rules.max_wilds
    p = [phrase("rules.melds.basic"), phrase("rules.melds.one_per_rank")]
    if rules.wild_ratio == "hoyle":
        p.append(phrase("rules.melds.ratio_hoyle", count=max_wilds))
    else:
        p.append(phrase("rules.melds.ratio_more", count=max_wilds))
    size = rules.max_meld_size
    p.append(phrase("rules.melds.max_size", count=size) if size else phrase("rules.melds.no_limit"))
    p.append(phrase("rules.melds.canasta"))
    wild_free = tuple(rules.wild_free_ranks or ())
    if wild_free:
        p.append(_sentence(phrase("rules.melds.wild_free", ranks=_ranks(wild_free, lower=True))))
    opening_only = tuple(rules.opening_only_wild_ranks or ())
    if opening_only:
        p.append(_sentence(phrase("rules.melds.opening_only_wild", ranks=_ranks(opening_only, lower=True))))
    five = rules.rule_of_five
    if five:
        p.append(phrase("rules.melds.rule_of_five", count=five))
    if rules.wild_canasta:
        wmin = rules.wild_meld_min
        if wmin >= 7:
            p.append(phrase("rules.melds.wild_canasta_complete"))
        else:
            p.append(phrase("rules.melds.wild_meld", count=wmin))
        if rules.wild_meld_locks:
            p.append(phrase("rules.melds.wild_meld_locks"))
    else:
        p.append(phrase("rules.melds.no_wild_meld"))
    if rules.dead_ranks:
        p.append(phrase("rules.melds.dead_ranks"))
    if not rules.lay_out_black_threes and rules.meld_black_threes:
        p.append(phrase("rules.melds.black_threes"))
    out.append(_section("melds", p))

    # -- the first meld: minimum count --------------------------------------------------
    p = [phrase("rules.minimum.intro"), _minimum_rows(rules), phrase("rules.minimum.adds_up")]
    if rules.opening_counts_pile_card:
        p.append(phrase("rules.minimum.pile_card_counts"))
    else:
        p.append(phrase("rules.minimum.hand_only"))
    if not rules.dirty_opening:
        p.append(phrase("rules.minimum.natural_only"))
    if rules.opening_needs_clean_meld:
        p.append(phrase("rules.minimum.needs_clean"))
    if rules.canasta_from_hand_opens:
        p.append(phrase("rules.minimum.canasta_opens"))
    out.append(_section("minimum", p))

    # -- the discard pile ---------------------------------------------------------------
    if rules.take_needs_natural_pair:
        join = rules.take_join_max_size
        p = [phrase("rules.pile.always_pair")]
        if join:
            p.append(phrase("rules.pile.join_small", count=join))
        if rules.open_before_draw:
            p.append(phrase("rules.pile.open_side_only"))
        else:
            p.append(phrase("rules.pile.unopened_modern"))
        if rules.stopper_take_naturals:
            p.append(phrase("rules.pile.stoppers", count=rules.stopper_take_naturals))
        if rules.wild_top_take_same:
            p.append(phrase("rules.pile.wild_top", count=rules.wild_top_take_same))
    elif rules.pile_always_frozen:
        p = [phrase("rules.pile.blocked"), phrase("rules.pile.always_frozen"),
             phrase("rules.pile.take_frozen"), phrase("rules.pile.one_card")]
    else:
        p = [phrase("rules.pile.blocked"), phrase("rules.pile.frozen"), phrase("rules.pile.frozen_unopened"),
             phrase("rules.pile.take_frozen"), phrase("rules.pile.take_unfrozen"), phrase("rules.pile.one_card")]
    if rules.dead_ranks:
        p.append(phrase("rules.pile.dead"))
    p.append(phrase("rules.pile.rest_to_hand"))
    out.append(_section("pile", p))

    # -- threes -------------------------------------------------------------------------
    p = []
    if rules.lay_out_black_threes:
        p.append(phrase("rules.threes.all_laid_out"))
    else:
        p.append(phrase("rules.threes.red"))
        p.append(phrase("rules.threes.red_from_pile"))
        if rules.stopper_take_naturals and not rules.meld_black_threes:
            p.append(phrase("rules.threes.black_stopper"))
        else:
            p.append(phrase("rules.threes.black"))
    out.append(_section("threes", p))

    # -- going out ----------------------------------------------------------------------
    need = rules.canastas_to_go_out
    if rules.go_out_needs_natural_and_mixed:
        p = [phrase("rules.going_out.natural_and_mixed")]
    else:
        p = [phrase("rules.going_out.need", count=need) if need != 1 else phrase("rules.going_out.need_one")]
    if rules.go_out_with_discard:
        p.append(phrase("rules.going_out.with_discard"))
    else:
        p.append(phrase("rules.going_out.how"))
    p.append(phrase("rules.going_out.keep_card"))
    if rules.final_discard_no_stoppers:
        p.append(phrase("rules.going_out.final_discard"))
    if rules.unfinished_wild_meld_binds:
        p.append(phrase("rules.going_out.wild_meld_binds"))
    if partnerships:
        p.append(phrase("rules.going_out.ask"))
        p.append(phrase("rules.going_out.yes_binds") if rules.go_out_yes_binds
                 else phrase("rules.going_out.yes_permits"))
        if rules.ask_once_per_hand:
            p.append(phrase("rules.going_out.ask_once"))
    if rules.concealed_going_out:
        p.append(phrase("rules.going_out.concealed", bonus=_n(rules.concealed_bonus)))
    out.append(_section("going_out", p))

    # -- the end of the stock --------------------------------------------------------------
    p = []
    if rules.last_three_stays_in_hand:
        p.append(phrase("rules.stock_end.last_three"))
    else:
        p.append(phrase("rules.stock_end.red_three_last"))
    if rules.stock_out_ends_hand:
        p.append(phrase("rules.stock_end.ends"))
    else:
        p.append(phrase("rules.stock_end.play_on"))
    out.append(_section("stock_end", p))

    # -- scoring --------------------------------------------------------------------------
    rows: list[tuple[str, str]] = []
    by_rank = dict(rules.natural_canasta_bonus_by_rank or ())
    rows.append((phrase("rules.scoring.natural_canasta"), _n(rules.natural_canasta_bonus)))
    for rank, bonus in sorted(by_rank.items()):
        rows.append((phrase("rules.scoring.natural_canasta_of", rank=_rank_plural(rank, True)), _n(bonus)))
    rows.append((phrase("rules.scoring.mixed_canasta"), _n(rules.mixed_canasta_bonus)))
    if rules.wild_canasta:
        by_jokers = tuple(rules.wild_canasta_bonus_by_jokers or ())
        if by_jokers:
            jokers_all = decks * jokers
            if len(by_jokers) > 0:
                rows.append((phrase("rules.scoring.wild_canasta_twos"), _n(by_jokers[0])))
            if len(by_jokers) > jokers_all:
                rows.append((phrase("rules.scoring.wild_canasta_jokers", count=jokers_all),
                             _n(by_jokers[jokers_all])))
            rows.append((phrase("rules.scoring.wild_canasta_other"),
                         _n(by_jokers[1] if len(by_jokers) > 1 else rules.wild_canasta_bonus)))
        else:
            rows.append((phrase("rules.scoring.wild_canasta"), _n(rules.wild_canasta_bonus)))
    rows.append((phrase("rules.scoring.melded_cards"), phrase("rules.scoring.their_value")))
    three_table = tuple(rules.three_bonus_by_count or ())
    red_table = tuple(rules.red_three_bonus_by_count or ())
    if three_table:
        for count in range(1, len(three_table)):
            rows.append((phrase("rules.scoring.threes_count", count=count), _n(three_table[count])))
    elif red_table:
        for count in range(1, len(red_table)):
            rows.append((phrase("rules.scoring.red_threes_count", count=count), _n(red_table[count])))
    else:
        rows.append((phrase("rules.scoring.red_three"), _n(rules.red_three_bonus)))
        rows.append((phrase("rules.scoring.all_red_threes"), _n(rules.all_red_threes_bonus)))
    rows.append((phrase("rules.scoring.going_out"), _n(rules.going_out_bonus)))
    if rules.concealed_going_out:
        rows.append((phrase("rules.scoring.concealed"), _n(rules.concealed_bonus)))
    rows.append((phrase("rules.scoring.in_hand"), phrase("rules.scoring.minus_value")))
    if not rules.lay_out_black_threes and rules.black3_in_hand_penalty:
        rows.append((phrase("rules.scoring.black_three_in_hand"), "-" + _n(rules.black3_in_hand_penalty)))
    for rank, pen in sorted(dict(rules.incomplete_meld_penalty_by_rank or ()).items()):
        rows.append((phrase("rules.scoring.incomplete_of", rank=_rank_plural(rank, True)), "-" + _n(pen)))
    if rules.incomplete_wild_meld_penalty:
        rows.append((phrase("rules.scoring.incomplete_wild"), "-" + _n(rules.incomplete_wild_meld_penalty)))
    if rules.held_group_penalty:
        rows.append((phrase("rules.scoring.held_group", size=rules.held_group_size,
                        ranks=_ranks(rules.held_group_ranks, lower=True, joiner="or")), "-" + _n(rules.held_group_penalty)))
    p = [phrase("rules.scoring.intro"), rows]
    if rules.melds_negative_without_canasta:
        p.append(phrase("rules.scoring.negative_without_canasta"))
    if three_table:
        p.append(phrase("rules.scoring.threes_sign"))
    elif red_table and rules.red_three_sign_by_canasta_kinds:
        p.append(phrase("rules.scoring.red_threes_by_kinds"))
    else:
        p.append(phrase("rules.scoring.red_threes_negative"))
    p.append(phrase("rules.scoring.target", target=_n(rules.target)))
    out.append(_section("scoring", p))

    # -- at the table (the controls) ---------------------------------------------------------
    out.append(("table", phrase("ui.rules.table.title"), [phrase("ui.rules.table"), phrase("ui.rules.table.keys"),
                                                     phrase("rules.table.learning")]))
    return out


def plain_text(rules: RuleSet) -> str:
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


# -- docs/RULES.md: every variant and house option, in English, for the repository -------------
#
# The same sentences as the in-game rules (so the document can never say something the game
# does not), plus what each house option changes, found by rendering the rules both ways.
# Headings are built from the variant name and a fixed English topic word, never from the
# catalogue titles, so that "docs/RULES.md, modern-american, initial meld" keeps pointing at
# the same heading when a translator rewords a title.

MARKDOWN_COMMAND = "python -m game.rules_text --markdown docs/RULES.md"

TOPICS: dict[str, str] = {
    "goal": "aim", "cards": "cards", "deal": "deal", "turn": "turn", "melds": "melds",
    "minimum": "initial meld", "pile": "discard pile", "threes": "threes",
    "going_out": "going out", "stock_end": "end of the stock", "scoring": "scoring",
}

# The original rule texts the variants were written from, by title.
SOURCES: dict[str, str] = {
    "three-deck": "*Canasta* (Italian): the rules of three-deck canasta, 162 cards with six jokers, "
                  "for four players in two partnerships.",
    "classica": "*Canasta classica — Internazionale o Speciale* (Italian): classic canasta with 108 cards "
                "for two to six players.",
    "spanish": "*Canasta* (Spanish): classic canasta with 108 cards for two or four players.",
    "moderna": "*Canasta americana moderna* (Italian): modern American canasta compared rule by rule with "
               "standard canasta.",
    "hoyle": "The standard published descriptions of canasta (Hoyle, Bicycle, Pagat, the Canasta League), "
             "used to check the texts above and for Hoyle's three-handed cut-throat canasta.",
}

_VARIANT_SOURCES: dict[str, tuple[str, ...]] = {
    "classic": ("*Canasta classica — Internazionale o Speciale*", "*Canasta* (Spanish)",
                "*Canasta americana moderna* (its standard-canasta side)"),
    "classic-2p": ("*Canasta classica — Internazionale o Speciale*", "*Canasta* (Spanish)"),
    "classic-3p": ("*Canasta americana moderna* (three players, each alone)",
                   "the standard descriptions (Hoyle's three-handed cut-throat canasta)"),
    "modern-american": ("*Canasta americana moderna*",),
    "italian": ("*Canasta* (Italian, three decks)", "*Canasta* (Spanish) for the canasta of wild cards"),
}

_VARIANT_NOTES: dict[str, str] = {
    "classic": "Four players in two partnerships, the game most clubs call canasta.",
    "classic-2p": "Classic canasta for two players, each playing alone.",
    "classic-3p": "Classic canasta for three players, each playing alone, with cut-throat as a house option.",
    "modern-american": "Modern American canasta: four players in two partnerships, melds of at most seven cards.",
    "italian": "Italian three-deck canasta: four players in two partnerships, 162 cards.",
}

_OPTION_SOURCES: dict[str, str] = {
    "wild_ratio": "hoyle", "wild_canasta": "spanish", "stock_out_ends_hand": "spanish",
    "black3_in_hand_penalty": "spanish", "cutthroat": "hoyle", "go_out_yes_binds": "three-deck",
    "dirty_opening": "three-deck",
}

_SOURCE_TITLES: dict[str, str] = {
    "three-deck": "*Canasta* (Italian, three decks)",
    "classica": "*Canasta classica — Internazionale o Speciale*",
    "spanish": "*Canasta* (Spanish)",
    "moderna": "*Canasta americana moderna*",
    "hoyle": "the standard descriptions (Hoyle)",
}


def _value_key(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _value_label(option: str, value: Any) -> str:
    return tr(f"ui.house.{option}.{_value_key(value)}")


def _md_paragraphs(paragraphs: list[Paragraph]) -> list[str]:
    """Markdown blocks for a section's paragraphs: sentences as paragraphs, tables as tables."""
    blocks: list[str] = []
    for para in paragraphs:
        if isinstance(para, str):
            blocks.append(para)
        else:
            lines = ["| | |", "|---|---|"] + [f"| {a} | {b} |" for a, b in para]
            blocks.append("\n".join(lines))
    return blocks


def _sentences(rules: RuleSet) -> dict[str, list[str]]:
    """Every sentence and table row of the rules, by section (for comparing two rule sets)."""
    out: dict[str, list[str]] = {}
    for sid, _title, paragraphs in rules_sections(rules):
        items: list[str] = []
        for para in paragraphs:
            if isinstance(para, str):
                items.append(para)
            else:
                items.extend(f"{a}: {b}" for a, b in para)
        out[sid] = items
    return out


def _option_changes(rules: RuleSet, option: str, value: Any) -> list[str]:
    """The lines of the rules that appear or go when `option` is set to `value`, as
    "topic: sentence" (appearing) or "topic, no longer: sentence" (going)."""
    before = _sentences(rules)
    after = _sentences(rules.with_options(**{option: value}))
    changes: list[str] = []
    for sid, topic in TOPICS.items():
        old, new = before.get(sid, []), after.get(sid, [])
        changes.extend(f"{topic}: {s}" for s in new if s not in old)
        changes.extend(f"{topic}, no longer: {s}" for s in old if s not in new)
    return changes


def _house_rules_markdown(rules: RuleSet, options: dict[str, tuple[Any, ...]]) -> list[str]:
    name = rules.name
    blocks = [f"### {name}: house rules"]
    targets = sorted({*rules.target_options, rules.target})
    blocks.append(f"**Target score** (`target`): {_n(rules.target)} by default; the New game form offers "
                  + ", ".join(_n(t) for t in targets) + ".")
    if not options:
        blocks.append("No other house rule applies to this variant.")
        return blocks
    for option, values in options.items():
        default = getattr(rules, option)
        parts = [f"**{tr(f'ui.house.{option}')}** (`{option}`): {tr(f'ui.house.{option}.help')}",
                 f"Default in {name}: *{_value_label(option, default)}* (`{_value_key(default)}`)."]
        source = _OPTION_SOURCES.get(option)
        if source:
            parts.append(f"Source: {_SOURCE_TITLES[source]}.")
        blocks.append(" ".join(parts))
        for value in values:
            if value == default:
                continue
            changes = _option_changes(rules, option, value)
            head = f"With *{_value_label(option, value)}* (`{_value_key(value)}`)"
            if changes:
                blocks.append(head + ", these lines of the rules change or appear:\n\n"
                              + "\n".join(f"- {line}" for line in changes))
            else:
                blocks.append(head + " no sentence of these rules changes.")
    return blocks


def markdown(variants: dict[str, Any] | None = None) -> str:
    """docs/RULES.md: every variant's rules and house options, in English."""
    from game.i18n import get_locale, set_locale
    from game.rules.ruleset import VARIANTS, offered_house_options

    variants = VARIANTS if variants is None else variants
    previous = get_locale()
    set_locale("en")
    try:
        blocks = [
            "# Canasta rules",
            f"<!-- Generated by `{MARKDOWN_COMMAND}` from game/rules/ruleset.py and the English "
            "catalogue; do not edit by hand: edit the code and run the command again. -->",
            "These are the rules the game plays, written from the rule set of each variant with the "
            "same sentences the in-game **Rules** screen shows. Each variant is complete on its own. "
            "Cite a section as *docs/RULES.md, variant, topic* (for example *docs/RULES.md, "
            "modern-american, initial meld*).",
            "## Sources",
            "The variants were written from these original rule texts (named by title); each variant "
            "and house rule below says which ones it follows. Where the texts disagree, one reading is "
            "the variant's rule and the other a house rule.",
            "\n".join(f"- {text}" for text in SOURCES.values()),
            "## Variants",
            "| variant | players | cards | cards dealt | cards drawn | canastas to go out | game to |\n"
            "|---|---|---|---|---|---|---|\n" + "\n".join(
                f"| [{r.name}](#{r.name}) | {r.players} | {_n(r.deck_size)} | {r.hand_size} | {r.draw_count} "
                f"| {r.canastas_to_go_out} | {_n(r.target)} |" for r in variants.values()),
        ]
        for name, rules in variants.items():
            blocks.append(f"## {name}")
            note = _VARIANT_NOTES.get(name)
            if note:
                blocks.append(note)
            sources = _VARIANT_SOURCES.get(name, ())
            if sources:
                blocks.append("Sources: " + ", ".join(sources) + ".")
            for sid, _title, paragraphs in rules_sections(rules):
                if sid not in TOPICS:
                    continue  # the controls of the table are not rules
                blocks.append(f"### {name}: {TOPICS[sid]}")
                blocks.extend(_md_paragraphs(paragraphs))
            blocks.extend(_house_rules_markdown(rules, offered_house_options(rules)))
    finally:
        set_locale(previous)
    return "\n\n".join(blocks) + "\n"


def main(argv: list[str] | None = None) -> int:
    """`python -m game.rules_text --markdown docs/RULES.md` writes the rules document;
    `--check` compares instead of writing (exit status 1 when they differ)."""
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m game.rules_text", description=main.__doc__)
    parser.add_argument("--markdown", type=Path, required=True, help="the Markdown file to write")
    parser.add_argument("--check", action="store_true", help="only compare the file with the generated text")
    args = parser.parse_args(argv)
    text = markdown()
    if args.check:
        current = args.markdown.read_text(encoding="utf-8") if args.markdown.exists() else ""
        if current != text:
            print(f"{args.markdown} is out of date: run {MARKDOWN_COMMAND}")
            return 1
        return 0
    args.markdown.parent.mkdir(parents=True, exist_ok=True)
    args.markdown.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
