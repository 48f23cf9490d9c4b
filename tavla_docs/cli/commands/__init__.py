"""Subcommands of the `tavla-docs` CLI (see `tavla_docs.cli`)."""
