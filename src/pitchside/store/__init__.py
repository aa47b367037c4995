"""Persistence: SQLite by default, PostgreSQL by URL; SQLAlchemy 2 with Alembic migrations."""
