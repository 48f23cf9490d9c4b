"""Test package (packages give every conftest and helper module a unique name)."""
