"""The director's entry of results: travellers and score slips, a line saved or deleted under the session's lock
(`session_write`, the session's unit of work), sit-outs, drawn rows' versions, the entry progress and a line's
history."""
