"""news_seen: how far each member has read their news in a game (a panel shows only what is new
since their last look).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('news_seen',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sa.BigInteger(), nullable=False),
                    sa.Column('since', sa.Integer(), nullable=False),
                    sa.Column('seen', sa.Integer(), nullable=False),
                    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
                    sa.PrimaryKeyConstraint('game_id', 'user_id'))


def downgrade() -> None:
    op.drop_table('news_seen')
