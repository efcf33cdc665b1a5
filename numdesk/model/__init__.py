"""Typed domain objects and the operations on them. Pure Python: no Qt, no SQLAlchemy."""
