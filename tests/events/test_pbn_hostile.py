"""A PBN results file cut, shuffled or garbled from the real layouts is read or refused with its problems, never
anything else (a page never answers 500 to an upload)."""

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deals import decode
from interchange.pbn_results import PbnResultsError, read_pbn_results

DATA = Path(__file__).parent / "data" / "pbn"
LINES = [
    line
    for name in ("bridgecomposer_acbl.pbn", "magic_contest.pbn", "jfr_pary_tables.pbn", "ruter_mitchell.pbn")
    for line in decode((DATA / name).read_bytes()).splitlines()
]


def read_or_refuse(data: bytes) -> None:
    try:
        event = read_pbn_results(data)
    except PbnResultsError as refused:
        assert refused.problems and all(str(problem) for problem in refused.problems)
    else:
        assert event.lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(LINES), max_size=60),
    st.lists(st.tuples(st.integers(0, 59), st.text(max_size=12)), max_size=4),
)
def test_real_lines_shuffled_and_garbled_are_read_or_refused(lines, garbles):
    lines = list(lines)
    for index, text in garbles:
        if index < len(lines):
            lines[index] = lines[index][: len(text)] + text
    read_or_refuse("\n".join(lines).encode())


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_read_or_refused(data):
    read_or_refuse(b"%Content-type: text/x-pbn; charset=utf-16\n" + data)
    read_or_refuse(data)
