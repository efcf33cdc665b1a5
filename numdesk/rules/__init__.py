"""The game mechanics of RULES.md as pure functions and data. No Qt, no SQLAlchemy."""
