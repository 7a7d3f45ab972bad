"""Custom movements as CSV (RoundData columns) for the tests of custom-movement pages and of every page."""

HEADER = "round,table,ns_pair,ew_pair,low_board,high_board\n"
# A 2-table, 4-pair movement over 3 rounds: every pair meets every other pair once, both tables share boards.
SOUND = HEADER + "1,1,4,1,1,3\n1,2,3,2,1,3\n2,1,4,2,4,6\n2,2,1,3,4,6\n3,1,4,3,7,9\n3,2,2,1,7,9\n"
