"""The `tavla-docs` command line: `main` parses and dispatches; one module per subcommand in
`commands/`."""
