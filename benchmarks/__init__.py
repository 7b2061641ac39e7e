"""Benchmarks: commands that print tables (run with `bash run.sh bench`), not timed tests."""
