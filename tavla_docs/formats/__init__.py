"""Position formats: XGID, GNU Backgammon Position and Match IDs, and position files."""
