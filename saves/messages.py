"""Every player-facing sentence of the saves package, in one place for translation.

Each entry is one whole sentence with python-i18n style `%{name}` placeholders (the same
style as `game/i18n/`), so the lead can move the table into the locale catalogues
unchanged. Values are filled in by `format_message`; an unknown placeholder is left as is
rather than raising, because a message must never be the thing that crashes a load.
"""

from __future__ import annotations

import re
from pathlib import Path

from game.i18n import as_count, catalog, choose, get_locale

MESSAGES: dict[str, str] = {
    # reading a save file
    "saves.not_found": "The save file %{file} does not exist.",
    "saves.unreadable": "The save file %{file} could not be read (%{detail}).",
    "saves.too_large": "The file %{file} is too large to be a Canasta save.",
    "saves.empty": "The save file %{file} is empty.",
    "saves.not_text": "The save file %{file} is damaged: it does not contain readable text.",
    "saves.not_json": "The save file %{file} is damaged or cut short: it is not valid JSON "
                      "(line %{line}, column %{column}).",
    "saves.too_deep": "The save file %{file} is damaged: its data is nested too deeply.",
    "saves.not_object": "The save file %{file} is damaged: it does not contain a saved game.",
    "saves.wrong_kind": "The file %{file} is not a Canasta save.",
    "saves.bad_format": "The save file %{file} is damaged: its format number %{value} is not valid.",
    "saves.newer_format": "The save file %{file} was made by a newer version of Canasta "
                          "(format %{format}); this version reads up to format %{supported}.",
    "saves.migration_failed": "The save file %{file} uses the old format %{format} and could "
                              "not be converted (%{detail}).",
    "saves.missing_field": "The save file %{file} is damaged: the field \"%{field}\" is missing.",
    "saves.bad_field": "The save file %{file} is damaged: the field \"%{field}\" does not "
                       "have the right kind of value.",
    "saves.bad_game": "The save file %{file} does not contain a valid game (%{detail}).",
    "saves.bad_value": "The save file %{file} is damaged: the field \"%{field}\" holds a value "
                       "this game cannot use.",
    "saves.unknown_variant": "The save file %{file} is for a kind of Canasta this version does "
                             "not know (\"%{name}\" in the field \"%{field}\").",
    "saves.unknown_option": "The save file %{file} uses a house rule this version does not know "
                            "(\"%{name}\" in the field \"%{field}\").",
    # the autosave
    "saves.autosave_from_backup": "The autosave %{file} was damaged, so the game resumes from "
                                  "the previous autosave %{backup}.",
    "saves.autosave_both_bad": "The autosave %{file} and its backup %{backup} could not be "
                               "read, so the game cannot be resumed.",
    # writing
    "saves.write_failed": "The game could not be saved to %{file} (%{detail}).",
    "saves.not_serialisable": "The game could not be saved to %{file} because some of its "
                              "data cannot be written as JSON (%{detail}).",
    "saves.settings_write_failed": "The settings could not be saved to %{file} (%{detail}).",
    # named slots
    "saves.bad_slot_name": "\"%{name}\" cannot be used as the name of a saved game.",
    "saves.slot_not_found": "There is no saved game called \"%{name}\".",
    "saves.slot_from_backup": "The saved game %{file} was damaged, so its previous save %{backup} "
                              "was loaded.",
    "saves.slot_both_bad": "The saved game %{file} and its backup %{backup} could not be read.",
    "saves.list_problems_one": "One saved game could not be read.",
    "saves.list_problems_many": "%{count} saved games could not be read.",
    # past games (saves/archive.py)
    "saves.archive_damaged": "The past game file %{file} could not be read, so it was kept aside as %{aside}.",
    "saves.archive_refused": "The game record %{file} was not imported: %{detail}.",
    # where files live
    "saves.location_fallback": "The folder %{wanted} cannot be used, so Canasta keeps its "
                               "files in %{used}.",
}

_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def format_message(key: str, **params: object) -> str:
    """The player's sentence for a save or settings message key, in the language shown."""
    # the catalogue of the language being shown (game/i18n) holds these sentences too;
    # this table stays the English source and the fallback
    lang = get_locale()
    template = choose(catalog(lang).get(key) or MESSAGES.get(key, key), lang, as_count(params.get("count")))
    return _PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0),
                            template)


def list_problems_message(count: int) -> str:
    """The summary line the slot list shows under its entries ("" when all were read)."""
    if count <= 0:
        return ""
    if count == 1:
        return format_message("saves.list_problems_one")
    return format_message("saves.list_problems_many", count=count)


class SaveError(Exception):
    """A save could not be read or written. `message` is one sentence naming the file.

    `key` and `params` let the i18n layer rephrase it; `causes` holds the underlying
    errors when one failure explains another (autosave and its backup both bad)."""

    def __init__(self, key: str, path: Path | str, causes: tuple[SaveError, ...] = (),
                 **params: object) -> None:
        self.key = key
        self.path = Path(path)
        self.params: dict[str, object] = {"file": str(path), **params}
        self.causes = causes
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The error as a sentence for the player, in the language shown."""
        return format_message(self.key, **self.params)

    def __str__(self) -> str:
        return self.message
