"""Outbox and private news: games gain epoch and exporters; inbox gives way to news and outbox.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # string server defaults fill the existing rows (and keep SQLite's ALTER TABLE ADD COLUMN,
    # where an expression default would make batch mode rebuild the referenced games table)
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("exporters", sa.JSON(), nullable=False, server_default="[]"))
    news = op.create_table(
        "news",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("news_by_member", "news", ["game_id", "user_id", "number"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("not_before", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claim", sa.String(), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("delivered", sa.Boolean(), nullable=False),
        sa.Column("error", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("outbox_due", "outbox", ["delivered", "not_before"])
    op.create_index("outbox_by_game", "outbox", ["game_id", "delivered"])
    # private events a closed DM left waiting: the member now finds them with /hand
    inbox = sa.table("inbox", sa.column("game_id"), sa.column("user_id"), sa.column("events"),
                     sa.column("delivered", sa.Boolean), sa.column("created_at"))
    op.execute(news.insert().from_select(
        ["game_id", "user_id", "number", "events", "undone", "created_at"],
        sa.select(inbox.c.game_id, inbox.c.user_id, sa.literal(0, sa.Integer), inbox.c.events,
                  sa.false(), inbox.c.created_at).where(inbox.c.delivered == sa.false())))
    op.drop_index("inbox_by_user", table_name="inbox")
    op.drop_table("inbox")


def downgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("delivered", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("inbox_by_user", "inbox", ["game_id", "user_id", "delivered"])
    op.drop_table("outbox")
    op.drop_table("news")
    # plain DROP COLUMN (SQLite 3.35+): batch mode would rebuild games under its referencing rows
    op.drop_column("games", "exporters")
    op.drop_column("games", "epoch")
