"""Rubbers and Chicagos whose totals are published (tests/scoring/test_rubber_chicago.py checks them in scoring)."""

# Seed 000, "Un ejemplo de goma": We 770, They 1640 (a slow rubber for They, 500).
SEED_RUBBER = [
    ("We", "2NT", 9, None),
    ("They", "4H", 10, None),
    ("They", "5C", 9, None),
    ("We", "4SX", 11, None),
    ("We", "3C", 10, None),
    ("They", "6D", 12, ("They", 150)),
]
SEED_TOTALS = {"We": 770, "They": 1640}

# Seed 000: two games before the opponents win one, a fast rubber: 700.
FAST_RUBBER = [("We", "4S", 10, None), ("We", "3NT", 9, None)]
FAST_TOTALS = {"We": 920, "They": 0}

# The four deals of scoring's Chicago example, totals per part-score variant: deal 4 is They's 1NT made,
# a part-score on the fourth deal standing alone (deal 3's game cut They's 60).
CHICAGO = [("We", "4S", 10, None), ("They", "2H", 9, None), ("We", "3NT", 9, None), ("They", "1NT", 7, None)]
CHICAGO_TOTALS = {
    "fourth": {"We": 1020, "They": 230},
    "standing": {"We": 1020, "They": 230},
    "none": {"We": 1020, "They": 130},
}

# A Chicago where the variants differ: We's 60 from deal 1 stands after deal 4;
# We go down on deal 3 and They on deal 4, both vulnerable.
CHICAGO_STANDING = [("We", "2S", 8, None), ("They", "1C", 6, None), ("We", "1C", 6, None), ("They", "3NT", 8, None)]
CHICAGO_STANDING_TOTALS = {
    "fourth": {"We": 60 + 100 + 100, "They": 100},
    "standing": {"We": 60 + 100 + 100 + 100, "They": 100},
    "none": {"We": 60 + 100 + 100, "They": 100},
}


def csv_text(deals) -> str:
    lines = ["DEAL,DECLARER_SIDE,CONTRACT,TRICKS,HONOURS"]
    for number, (side, contract, tricks, honours) in enumerate(deals, start=1):
        shown = f"{honours[0]} {honours[1]}" if honours else ""
        lines.append(f"{number},{side},{contract},{'' if tricks is None else tricks},{shown}")
    return "\n".join(lines) + "\n"
