"""The channel log: games remember their live message (the turn's log with the table and the act
button, edited as the turn goes on) so that a restart or a redelivery edits it again instead of
posting its lines twice.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+ for the drop): batch mode would rebuild games under the
    # rows that reference it
    op.add_column("games", sa.Column("channel_log", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "channel_log")
