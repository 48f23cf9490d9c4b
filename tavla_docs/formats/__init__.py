"""Position formats: XGID, GNU Backgammon Position and Match IDs, and position files.

`xgid` (parse_xgid / format_xgid), `gnubg` (parse_position_id / format_position_id,
parse_match_id / format_match_id), `match` (MatchState, what both carry beside the
checkers), `errors` (FormatError and the checks both share), `positions` (a position from
a mapping or any of these texts: read_position, parse_position_text).
"""
