"""The two sides of a table: the rules are shared with the teams matches' rooms, in `club.table_sides`."""

from club.table_sides import (  # noqa: F401 (the table entry's names for them)
    DIRECTOR,
    SHOWN,
    TYPED_FIELDS,
    enter,
    other_version,
    own_version,
    same_result,
    table_reason,
    typed_version,
    typed_versions,
)
