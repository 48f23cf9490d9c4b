"""Tests of the command line as a whole: exit statuses, user errors versus bugs."""
