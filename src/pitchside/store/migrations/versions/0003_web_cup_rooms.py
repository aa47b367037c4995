"""Web rooms that play a World Cup match: the tournament and fixture number (pitchside.web.cups).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_rooms") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("match_number", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_web_rooms_tournament_id", "tournaments", ["tournament_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_web_rooms_tournament_id", ["tournament_id"])


def downgrade() -> None:
    with op.batch_alter_table("web_rooms") as batch:
        batch.drop_index("ix_web_rooms_tournament_id")
        batch.drop_constraint("fk_web_rooms_tournament_id", type_="foreignkey")
        batch.drop_column("match_number")
        batch.drop_column("tournament_id")
