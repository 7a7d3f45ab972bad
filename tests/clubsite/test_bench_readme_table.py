"""`bench_readme.py --only table` replaces table entry's reports alone in the README's measured section, dated."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_readme  # noqa: E402 - after the path is set

SECTION = """# Site

<!-- bench-readme:start -->
### Measured on this machine: 2026-12-03 06:23 UTC

Over HTTP, SQLite (`bench_http.py`, gunicorn with 2 workers):

```text
home 1.0 ms
```

Table entry, PostgreSQL (`bench_table.py`, gunicorn with 3 workers):

```text
old table report
```

Background tasks, SQLite (`bench_tasks.py`, `manage.py runsite`):

```text
tasks report
```
<!-- bench-readme:end -->

## After
"""


def test_only_the_table_reports_are_replaced_and_dated(tmp_path, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text(SECTION)
    monkeypatch.setattr(bench_readme, "README", readme)
    postgres = "Table entry, PostgreSQL (`bench_table.py`, gunicorn with 3 workers)"
    sqlite = "Table entry, SQLite (`bench_table.py`, gunicorn with 3 workers)"
    bench_readme.replace_reports([(postgres, "new pg report"), (sqlite, "new sqlite report")], "1.00 2.00 3.00")
    text = readme.read_text()
    assert "old table report" not in text and text.count("new pg report") == 1
    assert "home 1.0 ms" in text and "tasks report" in text and text.endswith("<!-- bench-readme:end -->\n\n## After\n")
    assert text.index("new pg report") < text.index("tasks report") < text.index("new sqlite report")  # added last
    assert f"{postgres}, measured again 20" in text and "load average before 1.00 2.00 3.00" in text
    bench_readme.replace_reports([(postgres, "third pg report")], "1.00 2.00 3.00")  # measured again: replaced again
    assert "new pg report" not in readme.read_text() and readme.read_text().count(postgres) == 1
