"""games.quiet: members who pass response windows until their turn (the window panel's "Pass
until my turn"), with the turn they asked in.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # plain ALTER TABLE ADD COLUMN on SQLite too
        batch.add_column(sa.Column("quiet", sa.JSON(), nullable=False, server_default="{}"))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+): batch mode would rebuild games under its referencing rows
    op.drop_column("games", "quiet")
