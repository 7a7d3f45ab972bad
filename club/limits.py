"""The sizes a bridge event can have, one place for every app: what is larger is refused with a message, never
stored, scored or drawn (a board number past the database column, a 90,000-board section, a 2 MB page).

The movement generators (pure Python) keep their own bounds in `movements.params` and `movements.forms`.
"""

MAX_BOARD = 999  # board numbers 1-999 (a long congress session has a few hundred; the column holds 32,767)
MAX_PAIR = 999  # pair numbers 1-999
MAX_TABLES = 60  # tables of one section
MAX_ROUNDS = 99  # rounds of one section
MAX_SECTIONS = 26  # sections A-Z of one session
MAX_FILE_LINES = 5_000  # records of an imported results file (60 tables x 36 boards is 1,080 lines)
MAX_PROBLEMS = 100  # problems listed for a refused file or on the checks page; the rest are counted
MAX_ID = 2**31 - 1  # the largest id a form may name (bigger ones name nothing, on every database)
