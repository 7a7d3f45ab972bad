"""The synthetic club's facts: how many years, sessions and members, the tables, the names and the contracts
that `bench_pages.py` builds its history from."""

from __future__ import annotations

import datetime

YEARS = 10
SESSIONS_PER_WEEK = 5
MEMBERS = 400
TABLES = 12
BOARDS_PER_ROUND = 2
BIG_SECTIONS = ("A", "B", "C")
BIG_TABLES = 10  # per section: 30 tables in all
BIG_BOARDS_PER_ROUND = 3
LAST_DAY = datetime.date(2026, 11, 27)  # a Friday
DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
FIRST_NAMES = [
    "Ana",
    "Bogdan",
    "Carmen",
    "Dan",
    "Elena",
    "Florin",
    "Gloria",
    "Horia",
    "Irene",
    "Julian",
    "Katherine",
    "Luis",
    "Maria",
    "Nigel",
    "Olga",
    "Petru",
    "Rosa",
    "Sergiu",
    "Teresa",
    "Victor",
]
LAST_NAMES = [
    "García",
    "Popescu",
    "López",
    "Ionescu",
    "Martín",
    "Dumitru",
    "Sánchez",
    "Stan",
    "Navarro",
    "Moore",
    "Wells",
    "Romero",
    "Constantin",
    "Parker",
    "Ruiz",
    "Munteanu",
    "Díaz",
    "Radu",
    "Evans",
    "Moreno",
]
# The contracts a board is mostly played in, with declarer and the usual tricks.
CONTRACTS = [
    ("4S", "N", 10),
    ("3NT", "S", 9),
    ("2H", "E", 8),
    ("4H", "W", 10),
    ("3C", "N", 9),
    ("1NT", "W", 7),
    ("6S", "N", 12),
    ("2S", "S", 8),
    ("3NT", "E", 9),
    ("5D", "W", 11),
    ("4S", "E", 10),
    ("3D", "S", 9),
]
