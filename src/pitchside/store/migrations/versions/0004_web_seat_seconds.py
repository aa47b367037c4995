"""A web room's IS-MCTS bot may have a budget in time: seconds per decision (issue 11). The iteration budget
stays in ``budget``; a seat has one of the two or neither (the default).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_seats") as batch:
        batch.add_column(sa.Column("seconds", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_seats") as batch:
        batch.drop_column("seconds")
