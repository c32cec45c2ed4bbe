"""No silent change (engine.core.announce): the parts of the public table (``view(s, None)``)
each public event of Eldritch Horror may change. ``{inv}`` binds an investigator's own parts."""
from __future__ import annotations

INV = "investigators.{inv}"
HELD = tuple(f"{INV}.{k}" for k in ("assets", "artifacts", "spells", "conditions"))
DECKS = ("decks", "spell_top", "condition_top")
CLUES = (f"{INV}.clues", f"{INV}.clue_fronts")
TOKENS = ("eldritch", "rumor_tokens", "ao_tokens", "omen_eldritch", "mythos.in_play", "mystery", "final",
          "mystery_token")
BOARD_MONSTER = ("monsters.{monster}",)

ANNOUNCES: dict[str, tuple[str, ...]] = {
    "game_started": ("*",),
    "mythos_shortfall": (),
    "round_started": ("round", "lead", "investigators.*.lead", "investigators.*.actions"),
    "phase": ("phase", "active", "investigators.*.actions"),
    "turn": ("phase", "active"),
    "lead_changed": ("lead", "investigators.*.lead"),
    "action": (f"{INV}.actions",),
    "actions_lost": (f"{INV}.actions",),
    "no_actions": (),
    "may_declined": (),
    "moved": (f"{INV}.space",),
    "ticket_gained": (f"{INV}.tickets",),
    "ticket_spent": (f"{INV}.tickets",),
    "delayed": (f"{INV}.delayed",),
    "stood_up": (f"{INV}.delayed",),
    "improved": (f"{INV}.improve",),
    "improve_capped": (),   # already at +2: nothing changes, said (ne20b)
    "improvement_spent": (f"{INV}.improve",),
    "lost": (f"{INV}.health", f"{INV}.sanity"),
    "loss_prevented": (),
    "loss_resolved": (f"{INV}.health", f"{INV}.sanity"),
    "recovered": (f"{INV}.health", f"{INV}.sanity"),
    "spent": (f"{INV}.health", f"{INV}.sanity", f"{INV}.tickets", f"{INV}.improve") + CLUES + HELD
             + ("clue_pool", "clue_discard") + DECKS,
    "clue_cost_reduced": (),
    "success_bought": (),
    # cards
    "card_gained": HELD + DECKS + ("reserve",),
    "card_discarded": HELD + DECKS,
    "card_face_up": HELD,
    "card_flipped": HELD + DECKS,
    "reserve_refilled": ("reserve",) + DECKS,
    "reserve_discarded": ("reserve",) + DECKS,
    "acquired_nothing": (),
    "assets_removed": ("reserve",) + DECKS,
    "deck_empty": (),
    "traded": ("investigators.{frm}", "investigators.{to}"),
    "trade_accepted": (),
    "possessions_claimed": HELD + CLUES + (f"{INV}.tickets", "figures"),
    "put_on_card": TOKENS + CLUES + BOARD_MONSTER + ("monsters", "cup", "set_aside", "gate_discard"),
    # tests and dice
    "test_rolled": (),
    "test_result": (),
    "die_rolled": (),
    "die_bonus": (),
    "rerolled": (),
    "encounter": ("decks.{deck}",),   # drawing may first shuffle the discard back
    "encounter_discarded": ("decks.{deck}.discard",),
    "effect_skipped": (),
    "nothing_to_choose": (),
    "prevented": (),
    # clues
    "clues_gained": CLUES + ("clues.{space}", "clue_pool", "clue_discard"),
    "clues_given": ("investigators.{frm}.clues", "investigators.{frm}.clue_fronts",
                    "investigators.{to}.clues", "investigators.{to}.clue_fronts"),
    "clues_discarded": CLUES + ("clue_pool", "clue_discard"),
    "clue_spawned": ("clues.{space}", "clue_pool", "clue_discard"),
    "clue_discarded": ("clues.{space}", "clue_pool", "clue_discard"),
    "clue_moved": ("clues.{frm}", "clues.{to}"),
    "no_clue_left": (),
    "random_location": ("clue_pool", "clue_discard"),   # the token is drawn to name a space
    # the board
    "gate_spawned": ("gates", "gate_stack"),
    "gates_reshuffled": ("gate_stack", "gate_discard"),
    "gate_closed": ("gates", "gate_discard", "gate_stack"),
    "gate_discarded": ("gates", "gate_discard", "gate_stack"),
    "no_gate_left": (),
    "monster_spawned": BOARD_MONSTER + ("cup", "set_aside"),
    "monster_ambush": BOARD_MONSTER + ("cup", "set_aside"),   # an ambush is no spawn (seed 002 l.1140)
    "monster_moved": BOARD_MONSTER,
    "monster_hurt": BOARD_MONSTER,
    "monster_recovered": BOARD_MONSTER,
    "monster_defeated": BOARD_MONSTER + ("cup", "set_aside"),
    "monster_discarded": BOARD_MONSTER + ("cup", "set_aside"),
    "no_monster_left": (),
    "combat": (),
    "expedition_moved": ("expedition", "decks.expedition"),
    "doom": ("doom",),
    "omen": ("omen", "omen_index"),
    "tokens": TOKENS,
    # mythos and mysteries
    "mythos_drawn": ("mythos.deck",),
    "mythos_in_play": ("mythos.in_play", "rumor_tokens.{card}"),
    "mythos_discarded": ("mythos.discard",),
    "rumor_solved": ("mythos.in_play", "mythos.discard", "rumor_tokens", "eldritch"),
    "rumor_ended": ("mythos.in_play", "mythos.discard", "rumor_tokens", "eldritch"),
    "rumor_failed": ("mythos.in_play", "mythos.discard", "rumor_tokens", "eldritch"),
    "mystery_drawn": ("mystery", "decks.mysteries"),
    "mystery_solved": ("mystery", "final", "solved", "mystery_token", "eldritch", "clue_discard", "gate_discard",
                       "cup", "set_aside"),   # L5: what lay on it leaves
    "mystery_unsolved": ("mystery", "final", "solved", "decks.mysteries"),   # back into the deck, shuffled
    "mystery_token": ("mystery_token",),
    "awakened": ("awakened", "ao_tokens"),
    "final_mystery": ("final",),
    # investigators leaving and joining
    "investigator_defeated": ("clue_discard", f"{INV}.status", f"{INV}.delayed", f"{INV}.improve", f"{INV}.tickets", f"{INV}.space", "figures") + HELD + CLUES,
    "devoured": ("clue_discard", f"{INV}.status", f"{INV}.delayed", f"{INV}.improve", f"{INV}.tickets", "figures") + HELD + CLUES + DECKS,
    "eliminated": ("clue_discard", f"{INV}.status", f"{INV}.delayed", f"{INV}.improve", f"{INV}.tickets", f"{INV}.space",
                   "figures") + HELD + CLUES + DECKS,
    "figure_moved": ("figures", f"{INV}.space"),
    "defeat_token": ("figures",),
    "figure_removed": ("figures", f"{INV}.status") + DECKS,   # what nobody claimed goes back to its deck
    "investigator_joined": ("investigators.{inv}", "investigators.{replaces}", "reserve", "clue_pool",
                            "clue_discard") + DECKS,   # with the newcomer's starting possessions
    "player_eliminated": ("eliminated",),
    "game_over": ("result",),
}

# who is being asked changes with every prompt: the step itself, not table news
UNANNOUNCED: tuple[str, ...] = ("waiting_for",)
