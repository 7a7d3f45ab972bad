"""Builders shared by the whole suite: sessions, sections, lines, the hand-worked Mitchell, teams events.

Each module is a pytest plugin (registered in tests/conftest.py), so its fixtures reach every test, and
its plain functions are imported from here: test modules never import one another (tests/test_layout.py).

- `sessions`: sessions and sections made from a movement, lines entered as a director would, bigger
  filled sessions, the set-up form's data, the traveller files, the stored standings check.
- `hand_mitchell`: the 5-table Mitchell worked out by hand (MITCHELL_LINES) and its named players.
- `pages`: the cells of a page's tables.
- `teams`: teams events, their matches and their results.
"""
