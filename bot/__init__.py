"""Keeper's process: settings, startup, persistence, locking, restore, i18n."""
