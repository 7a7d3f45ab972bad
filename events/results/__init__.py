"""The public pages: home, ranking, traveller, scorecard, a member's page and history, live results, and which cached
pages a session's change moves."""
