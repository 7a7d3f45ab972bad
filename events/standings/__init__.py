"""Scoring and ranking: rescoring boards under the session's conventions, the rankings computed and stored, the members'
summaries written from them."""
