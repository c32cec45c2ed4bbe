"""Keeper's pure rules engine: no Discord, no database, no asyncio."""
