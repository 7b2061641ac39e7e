"""One reader per board style: each turns the positions of a found lattice into a reading.

A reader knows what its style's plain cells, holes and start look like; the lattice, the
sampling and the self-checks are shared.
"""
