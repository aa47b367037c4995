"""Web rooms: the room header, its seats and its action log (pitchside.web).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_rooms",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("version", sa.String(20), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("turn_seconds", sa.Float(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("outcome", sa.JSON(), nullable=True),
        sa.Column("fingerprint", sa.String(128), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_web_rooms_status", "web_rooms", ["status"])
    op.create_table(
        "web_seats",
        sa.Column("room_id", sa.String(16), sa.ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.Column("budget", sa.Integer(), nullable=True),
    )
    op.create_table(
        "web_actions",
        sa.Column("room_id", sa.String(16), sa.ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("web_actions")
    op.drop_table("web_seats")
    op.drop_index("ix_web_rooms_status", "web_rooms")
    op.drop_table("web_rooms")
