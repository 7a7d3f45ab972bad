"""What a page shows in its tables: the text of every body cell, and the attributes of each row."""

from html.parser import HTMLParser


class Tables(HTMLParser):
    """The text of every body cell of every <table> with an id, and the attributes of each row.

    Inside a <details>, only the <summary> counts (what shows before the reader opens it).
    """

    def __init__(self, html: str):
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.row_attrs: dict[str, list[dict]] = {}
        self.current = None
        self.in_body = False
        self.cell = None
        self.details = 0
        self.summary = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and self.current is None and attrs.get("id"):
            self.current = attrs["id"]
            self.tables[self.current], self.row_attrs[self.current] = [], []
            self.in_body = False
        elif self.current is None:
            return
        elif tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body and self.cell is None:
            self.tables[self.current].append([])
            self.row_attrs[self.current].append(attrs)
        elif tag in ("td", "th") and self.in_body and self.cell is None:
            self.cell = []
        elif tag == "details":
            self.details += 1
        elif tag == "summary":
            self.summary = True

    def handle_endtag(self, tag):
        if self.current is None:
            return
        if tag == "table" and self.cell is None:
            self.current = None
        elif tag in ("td", "th") and self.cell is not None and not self.details:
            self.tables[self.current][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "details":
            self.details -= 1
        elif tag == "summary":
            self.summary = False

    def handle_data(self, data):
        if self.cell is not None and (not self.details or self.summary):
            self.cell.append(data)


def rows_of(response, table_id: str) -> list[list[str]]:
    assert response.status_code == 200
    return Tables(response.content.decode()).tables[table_id]


def attrs_of(response, table_id: str) -> list[dict]:
    return Tables(response.content.decode()).row_attrs[table_id]
