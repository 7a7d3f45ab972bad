"""Where `tools/split_events.py` puts each module of `events`: the areas, what each does, its modules by layer.
A module another branch adds to `events/services/`, `selectors/`, `views/` or `forms/` gets its area here."""

# What each area does, and its modules by layer (the module keeps its name).
PLAN = {
    "setup": (
        "Setting a session up: the session, its sections and movements, boards and pairs, the players, "
        "and the merge handler that moves a member's pair places.",
        "services: setup merging; selectors: pairs_and_sections; views: director; forms: setup",
    ),
    "entry": (
        "The director's entry of results: travellers and score slips, a line saved or deleted under the "
        "session's lock (`session_write`, the session's unit of work), sit-outs, drawn rows' versions, "
        "the entry progress and a line's history.",
        "services: entry lines locking sit_outs versions; selectors: line_history progress; views: entry; forms: entry",
    ),
    "tables": (
        "Results typed at the tables on the players' phones: each table's links, the two sides (their rules in "
        "club.table_sides, shared with the teams rooms), the confirmations and correction requests, the director's "
        "live view.",
        "services: table_entry; selectors: table_entry table_live; views: table table_director; forms: table",
    ),
    "standings": (
        "Scoring and ranking: rescoring boards under the session's conventions, the rankings computed and "
        "stored, the members' summaries written from them.",
        "services: standings rescoring member_summaries bulk; selectors: ranking line_totals conventions",
    ),
    "files": (
        "Other scorers' files and ours: traveller CSV, USEBIO and PBN results imported (compared with the file's "
        "figures, conventions fitted) and exported, the downloads.",
        "services: transfer traveller_csv usebio_import usebio_messages pbn_import interchange_compare "
        "interchange_fit; selectors: downloads usebio_export; views: transfer; forms: transfer",
    ),
    "hands": (
        "Hand records: deals imported or typed, their double-dummy analysis and par, the pairs' figures "
        "against par, the public hand-record pages.",
        "services: hands pair_par; selectors: hands; views: hands hand_records",
    ),
    "results": (
        "The public pages: home, ranking, traveller, scorecard, a member's page and history, live results, "
        "and which cached pages a session's change moves.",
        "services: pages; selectors: traveller scorecard member_history member_par member_summary live_results; "
        "views: public results live",
    ),
    "checks": (
        "The director's checks before publishing: the problems found, one-click fixes, the session's status "
        "and publication, corrections of a final session.",
        "services: fixes corrections publication; selectors: checks check_problems warnings; views: checks; "
        "forms: checks",
    ),
}

LAYER_DOCS = {
    "services": "Writes, each in one transaction.",
    "selectors": "Reads for the pages (no writes, no services).",
    "views": "Views: they ask the selectors and call the services (no queries of their own).",
    "forms": "Forms: what a person types, checked.",
}
# Paths built to a flat layer package, each as the split reads it: (file, old text, new text), replaced where found.
PATH_FIXES = [
    ("tests/events/test_session_write.py", '/ "events" / "services"\n', '/ "events"  # each area\'s services\n'),
    ("tests/events/test_session_write.py", 'SERVICES.glob("*.py")', 'SERVICES.glob("*/services/*.py")'),
]
# Single modules that move besides the layers' (old dotted name -> new dotted name).
SINGLES = {"events.tables": "events.results.ranking_table"}
AREAS: dict[str, tuple[str, dict[str, list[str]]]] = {
    area: (doc, {part.split(":")[0].strip(): part.split(":")[1].split() for part in modules.split(";")})
    for area, (doc, modules) in PLAN.items()
}
README_START = "<!-- layout: written by tools/split_events.py -->"
README_END = "<!-- /layout -->"


def layout_section(text: str) -> str:
    """The events README's *Layout* section, written from AREAS (replaced whole on every run)."""
    lines = [
        README_START,
        "## Layout: `events` by what it does",
        "",
        "Each area is a package with its layers (`services` write, `selectors` read, `views` ask them, `forms`",
        "check what is typed; the architecture test holds each to its part). The models, migrations, commands,",
        "`plans.py`, `tasks.py`, `urls.py`, `admin.py` and `apps.py` stay at the app's root, shared by the areas.",
        "",
        "| area | does | modules |",
        "| --- | --- | --- |",
    ]
    for area, (doc, layers) in AREAS.items():
        modules = "; ".join(
            f"`{layer_}`: " + ", ".join(f"`{name}`" for name in names) for layer_, names in layers.items()
        )
        if area == "results":
            modules += "; `ranking_table` (the ranking's sortable table)"
        lines.append(f"| `{area}/` | {doc} | {modules} |")
    lines.append(README_END)
    block = "\n".join(lines)
    if README_START in text:
        before, _, after = text.partition(README_START)
        _, _, after = after.partition(README_END)
        return before + block + after
    marker = "\nCommands:"
    if marker in text:
        head, _, tail = text.partition(marker)
        return head.rstrip("\n") + "\n\n" + block + "\n" + marker + tail
    return text.rstrip("\n") + "\n\n" + block + "\n"
