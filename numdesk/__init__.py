"""numdesk: character sheets, libraries and encounters for Cypher System and Numenera."""

#: The one place the version is written; pyproject.toml reads it from here. (Asking
#: `importlib.metadata` at run time cost 40–50 ms of every start.)
__version__ = "0.1.0"
