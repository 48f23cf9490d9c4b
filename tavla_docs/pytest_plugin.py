"""pytest plugin: collects scenario files as test items (being built; see issue 3)."""
