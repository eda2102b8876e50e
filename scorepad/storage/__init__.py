"""The SQLite database: game records, their history and who may see them (records, never scores)."""
