"""Discord cogs: they translate interactions into engine actions and events into messages."""
