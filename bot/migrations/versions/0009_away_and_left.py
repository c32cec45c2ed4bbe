"""games.away and games.left: members who handed their seat to Keeper for a while (/game away),
and members who left a seat of the game (none takes another by /game join).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # plain ALTER TABLE ADD COLUMN on SQLite too
        batch.add_column(sa.Column("away", sa.JSON(), nullable=False, server_default="[]"))
        batch.add_column(sa.Column("left", sa.JSON(), nullable=False, server_default="[]"))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+): batch mode would rebuild games under its referencing rows
    op.drop_column("games", "left")
    op.drop_column("games", "away")
