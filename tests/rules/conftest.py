"""Long property runs (`soak`) are left out unless asked for with `-m soak`."""

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "soak" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="soak run: use -m soak")
    for item in items:
        if item.get_closest_marker("soak"):
            item.add_marker(skip)
