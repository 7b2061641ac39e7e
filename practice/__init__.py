"""A practice game that looks and plays like the real one: the demo's and e2e tests' target."""
