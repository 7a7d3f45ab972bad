"""What the apps add to things club owns, without club (or each other) importing them.

Each app registers in its `AppConfig.ready()`:

- a *member page section*: a name and a function of the member giving what the page shows under that name
  (the teams app gives `team_events`, the member's teams events);
- a *demo loader*: a function of the demo director that adds the app's part of the demo club and returns
  counts for the `load_demo` command's summary; loaders run in the order of their `order` number;
- a *merge handler* (`roster.services.merging`): how the app moves its rows (pairs, teams players, seated
  players ...) from a guest or a member to a member, how it undoes that, and which guest names it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_member_sections: dict[str, Callable[[Any], Any]] = {}
_demo_loaders: dict[str, tuple[int, Callable[[Any], dict]]] = {}
_merge_handlers: dict[str, MergeHandler] = {}


def register_member_section(name: str, provider: Callable[[Any], Any]) -> None:
    """The member page shows `provider(member)` as the template variable `name`."""
    _member_sections[name] = provider


def member_sections(member) -> dict[str, Any]:
    return {name: provider(member) for name, provider in _member_sections.items()}


def register_demo_loader(name: str, order: int, loader: Callable[[Any], dict]) -> None:
    """`loader(director)` adds the app's part of the demo club (idempotently) and returns counts to report."""
    _demo_loaders[name] = (order, loader)


def demo_loaders() -> list[Callable[[Any], dict]]:
    return [loader for _order, loader in sorted(_demo_loaders.values(), key=lambda item: item[0])]


@dataclass(frozen=True)
class MergeSource:
    """Who is merged: a member (`member_id`) or a guest, by the name exactly as stored (`guest`)."""

    member_id: int | None = None
    guest: str = ""


@dataclass(frozen=True)
class MergeHandler:
    """`move(source, into_id)` locks and moves the app's rows of `source` to the member `into_id`, moves the pages
    they show on, and returns what it changed as JSON data (empty: nothing); `undo(changes, source, into_id)` puts
    back those rows that still belong to `into_id`; `guests()` gives {guest name as stored: rows}."""

    move: Callable[[MergeSource, int], list]
    undo: Callable[[list, MergeSource, int], None]
    guests: Callable[[], dict[str, int]]


def register_merge_handler(name: str, handler: MergeHandler) -> None:
    _merge_handlers[name] = handler


def merge_handlers() -> dict[str, MergeHandler]:
    return dict(_merge_handlers)
