"""Games gain lobby_message_id (the lobby's buttons are stripped at start) and archived_at
(ended games archived after the retention period, their record kept).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # plain ALTER TABLE ADD COLUMN on SQLite too
        batch.add_column(sa.Column("lobby_message_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+): batch mode would rebuild games under its referencing rows
    op.drop_column("games", "archived_at")
    op.drop_column("games", "lobby_message_id")
