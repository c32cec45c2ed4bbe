"""No silent change (engine.core.announce): the parts of the public table (``view(s, None)``)
each public event of The Thing may change. Private events change nothing public."""
from __future__ import annotations

DRAW = ("deck_size", "next_card")

ANNOUNCES: dict[str, tuple[str, ...]] = {
    "game_started": ("*",),
    "turn_started": ("turn",),
    "turn_ended": ("turn", "quarantine.{player}"),       # a quarantine counts down at its holder's turn end
    "event_drawn": ("hand_counts.{player}",) + DRAW,
    "panic_drawn": ("discard_size",) + DRAW,
    "panic_skipped": ("discard_size",) + DRAW,
    "no_card_to_draw": (),
    "deck_reshuffled": ("discard_size",) + DRAW,
    "kept_one": ("hand_counts.{player}", "discard_size") + DRAW,
    "kept_cards": ("hand_counts.{player}", "discard_size") + DRAW,
    "card_discarded": ("hand_counts.{player}", "discard_size"),
    "card_played": ("hand_counts.{player}",),
    "card_resolved": ("discard_size",),
    "defended": ("hand_counts.{player}", "discard_size"),   # the replacement draw is its own event_drawn
    "blind_date_swapped": ("discard_size",) + DRAW,
    "accepted": (),
    "target_chosen": (),
    "direction_changed": ("direction",),
    "door_placed": ("doors",),
    "door_removed": ("doors",),
    "doors_discarded": ("doors", "discard_size"),
    "quarantine_placed": ("quarantine.{player}",),
    "quarantine_removed": ("quarantine.{player}",),
    "quarantine_ended": ("quarantine.{player}",),
    "quarantines_discarded": ("quarantine", "discard_size"),
    "seats_swapped": ("seats", "doors", "quarantine"),
    "seats_paired": ("seats",),
    "eliminated": ("seats", "eliminated", "hand_counts.{player}", "discard_size", "quarantine.{player}", "doors"),
    "exchange_offered": (),
    "exchange_redirected": (),
    "exchanged": (),
    "no_exchange": (),
    "cards_passed": (),
    "pass_chosen": (),
    "hand_shown": (),
    "hand_shown_privately": (),
    "revelation_declined": (),
    "nothing_happens": (),
    "thing_declared": (),
    "game_over": ("result", "discard_size"),   # cards held by unfinished steps are discarded
}

# who is being asked changes with every prompt: the prompts are the step itself, not table news
UNANNOUNCED: tuple[str, ...] = ("waiting_for",)
