"""JSON values: what saves, game records and moves are written as (`json.dumps` takes
them). A reader takes what `json.loads` gave as `object` and narrows each value with
isinstance before it uses it: a file may hold anything."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

# read-only containers, so that a list of card texts or a dict of such lists is one
# as it is (a `list[Json]` would refuse a `list[str]`)
Json: TypeAlias = "None | bool | int | float | str | Sequence[Json] | Mapping[str, Json]"
# a JSON object as a writer builds it
JsonObject: TypeAlias = "dict[str, Json]"
