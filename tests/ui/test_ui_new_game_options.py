"""The New game form offers only the house rules the chosen variant can use: read from
the rule set (what each option needs of it), never from the variant's name."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.rules.ruleset import VARIANTS, house_options_for, offered_house_options
from game.ui.screens.menu import NewGameScene
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.table.scene import TableScene
from saves.settings import Settings


def _form(variant: str, house: dict | None = None) -> tuple[App, NewGameScene]:
    prefs = Settings(animation_speed=INSTANT, muted=True, variant=variant, house_rules=house or {})
    app = App(size=(1280, 800), prefs=prefs)
    form = NewGameScene(app)
    app.push(form)
    app.frame(1 / 60)
    return app, form


def _offered(form: NewGameScene) -> set[str]:
    return {name[6:] for name in form.choices if name.startswith("house:")}


def test_the_form_leaves_out_options_that_change_nothing_in_the_variant():
    seen = {}
    for name in VARIANTS:
        _app, form = _form(name)
        seen[name] = _offered(form)
        assert seen[name] == set(offered_house_options(VARIANTS[name]))
    # a partner's "yes" needs a partner
    assert "go_out_yes_binds" not in seen["classic-2p"] | seen["classic-3p"]
    assert "go_out_yes_binds" in seen["classic"] and "go_out_yes_binds" in seen["modern-american"]
    # black 3s are laid out in modern-american: none is ever left in a hand
    assert "black3_in_hand_penalty" not in seen["modern-american"]
    # modern-american builds wild melds up from three cards: "seven at once" is not its rule
    assert "wild_canasta" not in seen["modern-american"] and "wild_canasta" in seen["classic"]
    assert "cutthroat" in seen["classic-3p"] and "cutthroat" not in seen["classic"]
    # modern-american and italian always take the pile with a natural pair
    assert "pile_always_frozen" in seen["classic"] and "pile_always_frozen" in seen["classic-2p"]
    assert "pile_always_frozen" not in seen["modern-american"] | seen["italian"]


def test_what_an_option_needs_is_read_from_the_rule_set_not_the_name():
    # classic's rules with three players offer cut-throat and no partner's answer;
    # with black 3s laid out, no black-3 penalty
    three = replace(VARIANTS["classic"], players=3)
    assert "cutthroat" in offered_house_options(three) and "go_out_yes_binds" not in offered_house_options(three)
    laid = replace(VARIANTS["classic"], lay_out_black_threes=True)
    assert "black3_in_hand_penalty" not in offered_house_options(laid)
    # a save may still carry one (older forms offered it): loading keeps accepting it
    assert "wild_canasta" in house_options_for(VARIANTS["modern-american"])


def test_a_remembered_option_the_variant_cannot_use_is_not_applied():
    app, form = _form("classic-3p", {"classic-3p": {"go_out_yes_binds": False, "cutthroat": True}})
    form._start()
    app.frame(1 / 60)
    assert isinstance(app.top, TableScene)
    rules = app.top.game.rules
    assert rules.cutthroat and rules.go_out_yes_binds == VARIANTS["classic-3p"].go_out_yes_binds
    assert "go_out_yes_binds" not in app.prefs.house_rules["classic-3p"]
    pygame.event.clear()


def test_a_variant_without_partnerships_reads_no_partner_on_the_form():
    # the form's help (the computer players', the target's) is shown for every variant: in
    # a game without partnerships, no line may speak of a partner or a side
    import json
    import re

    from game.i18n import LOCALE_DIR, get_locale, set_locale, tr

    terms = json.loads((LOCALE_DIR / "glossary.json").read_text(encoding="utf-8"))["concepts"]
    solo = [name for name, rules in VARIANTS.items() if not rules.partnerships]
    assert solo
    was = get_locale()
    try:
        for lang in ("en", "it", "es"):
            words = [re.compile(terms[c][lang]["used"]) for c in ("partner", "side")]
            for name in solo:
                prefs = Settings(animation_speed=INSTANT, muted=True, variant=name, language=lang)
                app = App(size=(1280, 800), prefs=prefs)
                app.push(NewGameScene(app))
                app.frame(1 / 60)
                shown = [e.text for e in app.manager.get_sprite_group().sprites()
                         if isinstance(getattr(e, "text", None), str)]
                assert tr("ui.new.ai.help") in shown, (lang, name)
                said = [s for s in shown if any(w.search(s) for w in words)]
                assert not said, (lang, name, said)
    finally:
        set_locale(was)
