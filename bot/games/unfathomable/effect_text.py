"""Unfathomable's texts that follow the effects (:mod:`bot.games.effect_text`): every ability
(characters, traitors, feats, items, skill cards, zones, titles, in-play mythos cards), every
spell and every crisis read out from its effect data in en/uk/ru (templates:
``locales/effects.<lang>.yaml``)."""
from __future__ import annotations

import re
from contextvars import ContextVar

from pydantic import BaseModel

from bot.games.effect_text import EffectText, in_language, tidy
from bot.i18n import between, t
from engine.content.dialect import Tagged

GAME = "unfathomable"
ONE_OF = frozenset({"Location"})
SIGNED = frozenset({"bonus", "offset", "modify_roll.amount", "modify_check.amount", "attack_bonus.amount"})
# the pack categories whose ids a parameter may name
CATEGORIES = ("character", "zone", "monster", "title", "track", "skill_type", "item", "mythos", "resource", "spell",
              "skill")
# fields whose strings are vocabulary words, never ids of the pack
WORD_FIELDS = frozenset({"among", "to", "source", "where", "rest", "deck", "range", "kind", "of", "types", "timing",
                         "limit", "each", "side", "count", "what", "at"})
# the entries whose text is generated (anything else with a text keeps it: a zone's or a
# character's description, a title's duties)
GENERATED = frozenset({"Ability", "Spell", "Option"})


def _names(lang: str, field: str, value: str) -> str | None:
    if field in WORD_FIELDS and not (field == "what" and value in ("mother_hydra", "father_dagon")):
        return None
    from bot.games.unfathomable.pack_index import _names
    names = _names()
    for category in CATEGORIES:
        found = names[category].get(value)
        if found is not None:
            text = in_language(found, lang)
            return text[:1].upper() + text[1:] if category in ("skill_type", "resource", "track") else text
    return None


def _hook(lang: str, hook: str) -> str | None:
    from engine.registry import rules_for
    found = next((h for h in getattr(rules_for(GAME).pack.hooks, "hooks", []) if h.id == hook), None)
    meaning = getattr(found, "meaning", None) or getattr(found, "text", None)
    return in_language(meaning, lang) if meaning is not None else None


# the players ("current_player", "decider") a text read out for one member names as that member:
# a mythos card's «вы» is the player who resolves it (rulebook 001 l.1110, l.428), so the member
# resolving it reads "you discard", never "the current player discards"
_YOU: ContextVar[frozenset] = ContextVar("unfathomable_you", default=frozenset())
# one voice per text: a text that says one of its steps as the reader's own ("ви берете …") says
# each step nobody is named in the same way ("ви втрачаєте 1 розум"), never "втратити 1 розум; ви
# берете …"; _SAID_YOU records that a step was said so, _SECOND reads the text again in that voice
_SAID_YOU: ContextVar[list | None] = ContextVar("unfathomable_said_you", default=None)
_SECOND: ContextVar[bool] = ContextVar("unfathomable_second_person", default=False)
_YOU_STEP = re.compile(r"\.fx\.\w+_you(?:_item)?$")
# the fields naming who does a step or picks for it: a step someone else does keeps its own voice
DOERS = ("who", "holder", "chooser")
# the fields whose modifier says "you" in its own form ("(chosen by you)", "(next to you)")
YOU_FIELDS = frozenset({"chooser", "adjacent_to"})
# fields whose word takes the case its verb needs (``wf.<step>.<field>.<id>``), not the bare name
CASED_FIELDS = frozenset({"monster", "monsters", "title"})
# the players a step says in a case of their own («<step>.<field>»: the words' ``wf`` table): whose
# hand or items (``who_gen``: «у вашого персонажа є …», «кількість предметів поточного гравця»),
# whose loyalty, for whom (a ``for_each``: «для кожної людини»), whom it sends (``who_acc``:
# «відправити поточного гравця в карцер»), never «… (ваш персонаж)» or «відправити в карцер: …»
WHO_CASES = {"hand_size.who": "who_gen", "items_held.who": "who_gen", "look_at_loyalty.target": "who_gen",
             "for_each.who": "who_gen", "send_to_brig.who": "who_acc", "send_to_sick_bay.who": "who_acc"}
# the case a step's sentence puts a place in (one map from step and field to case; a Location reads
# through ``obj.Location_<field>_<case>``, a zone through ``zone_case``, an area word through
# ``wf.area_<case>``): where a thing is put or found (``in``: «розмістити 1 глибоководного в кожній
# палубній зоні»), what a verb acts on (``acc``: «пошкодити каплицю»), where it is taken from
# (``from``: «перемістити глибоководних з вашої зони …»), never «поставити …: кожна зона (палубна)»
PLACE_CASES = {"place_deep_ones.at": "in", "defeat_all_in.at": "in", "defeat_deep_ones.where": "in",
               "zone_has_deep_one.at": "in", "damage_zone.at": "acc", "repair_zone.at": "acc",
               "pick_zone.at": "acc", "move_deep_ones.source": "from", "rescue_passengers.where": "from"}
PLACE_CASE_NAMES = ("in", "into", "acc", "from")
_PLACE_OWNER = re.compile(r"(?:Location|ChosenZone)_\w*?_?(in|into|acc|from)(?:_you)?$")
# whose zone a cased Location names: «у зоні поточного гравця»
WHO_CASES.update({f"Location_zone_of_{case}.zone_of": "who_gen" for case in ("in", "acc", "from")})
# the lists a sentence joins as words, "A, B and C" («перемогти всіх людей і пасажирів …»)
LISTED = frozenset({"defeat_all_in.what", "emerge.what"})
# the steps whose count reads in the sentence, each kind through its own template («перемогти всіх
# глибоководних …», «врятувати скільки завгодно пасажирів …»; a count computed in play: ``some``)
COUNTED = frozenset({"defeat_deep_ones", "defeat_passengers", "rescue_passengers"})
_FORM = re.compile(r"(?:_you)?(?:_all|_any_number)?$")   # a step's own forms: "_you", a count's words


def _step_of(owner: str) -> str:
    """The step a template (``defeat_deep_ones_you_all``) says."""
    return _FORM.sub("", owner)
_ONCE = re.compile(r"(\([^()]+\))(?: \1)+")   # one parenthesis said twice in a row


def inner_quotes(name: str, lang: str) -> str:
    """A name set inside the language's quotes (en “…”, as Eldritch's en; uk/ru «…») with its own
    quotes as the inner pair: «„Щасливий“ перстень», “‘Lucky’ Ring”, never ««…» …» or “"Lucky" Ring”."""
    if lang == "en":
        return re.sub(r'"([^"]*)"', r"‘\1’", name).replace("“", "‘").replace("”", "’")
    return name.replace("«", "„").replace("»", "“")


class _Writer(EffectText):
    """Reads "you" for the players :data:`_YOU` names: a template, condition or model with its own
    ``<key>_you`` form (a verb in the second person) reads through it, the player unsaid; any other
    place names them as "your character" (a verb in the third person still agrees), the one who
    chooses as "you" where the modifier has a form for it ("chosen by you")."""

    def _model(self, lang: str, key: str, spec: BaseModel, skip=()) -> str:
        if key == self.key("fx", "draw_items") and getattr(spec, "look", None) == 1:
            # one card looked at and kept: "takes the top card of the item deck", no "(1) … keeps 1"
            key, skip = self.key("fx", "draw_items_top"), (*skip, "look", "keep")
        if key == self.key("fx", "activate"):
            key, skip = self._activation(spec, key, skip)
        if key in (self.key("fx", "remove_items"), self.key("fx", "remove_items_you")) and spec.item:
            # one named item lost: «втрачає предмет «Старбак»», not «втрачає предмети: 1 (Старбак)»
            key, skip = f"{key}_item", (*skip, "count")
        if key == self.key("fx", "transfer_item"):
            key, skip = self._transfer(spec, key, skip)
        you = _YOU.get()
        if key.startswith(self.key("obj", "Location_zone_of")) and not key.endswith("_you") \
                and spec.zone_of == "self" and self.has(f"{key}_you"):
            # the card's own "you": «ваша зона», never «у зоні зона, де ваш персонаж»
            return self._counted(lang, f"{key}_you", spec, skip=(*skip, "zone_of"))
        picker = next((f for f in ("by", "chosen_by") if f in type(spec).model_fields), None)
        if picker and (getattr(spec, picker) == "self" or getattr(spec, picker) in you) and self.has(f"{key}_you"):
            # a zone or player the card's "you" picks: «на ваш вибір», never «на вибір: ваш персонаж»
            return self._counted(lang, f"{key}_you", spec, skip=(*skip, picker))
        if you and key.endswith("_item") and self.has(f"{key.removesuffix('_item')}_you_item") \
                and getattr(spec, "who", None) in you:
            return self._counted(lang, f"{key.removesuffix('_item')}_you_item", spec, skip=(*skip, "who"))
        if you and self.has(f"{key}_you"):
            field = next((f for f in ("who", "holder", "zone_of", "source") if f in type(spec).model_fields
                          and getattr(spec, f) in you), None)
            if field:
                return self._counted(lang, f"{key}_you", spec, skip=(*skip, field))
        if _SECOND.get() and key.startswith(self.key("fx", "")) and self.has(f"{key}_you") \
                and not any(getattr(spec, f, None) not in (None, "self", *you) for f in DOERS
                            if f in type(spec).model_fields and getattr(spec, f) != type(spec).model_fields[f].default):
            return self._counted(lang, f"{key}_you", spec, skip)   # a step nobody is named in, as the reader's
        return self._counted(lang, key, spec, skip)

    def _counted(self, lang: str, key: str, spec: BaseModel, skip=()) -> str:
        """A step whose count is a word ("all", "any_number") read through its own template
        («перемогти всіх глибоководних на всьому полі»), never "(…): усі"."""
        owner = key.rsplit(".", 1)[-1]
        count = getattr(spec, "count", None)
        if owner.removesuffix("_you") in COUNTED and isinstance(count, str) and self.has(f"{key}_{count}"):
            key, skip = f"{key}_{count}", (*skip, "count")
        return super().model(lang, key, spec, skip)

    def _activation(self, spec, key: str, skip) -> tuple[str, tuple]:
        """An activation said as the rulebook's sentence: «активуйте одного глибоководного будь-де»,
        «… всіх глибоководних у вашій зоні» (skill card Call to Action), not «активувати:
        глибоководні (1)»."""
        at = getattr(spec, "at", None)
        if spec.count is not None:   # deep_ones only: that many, wherever they are
            if spec.chooser == "self":   # the one who plays it picks them: «на ваш вибір»
                return self.key("fx", "activate_count_yours"), (*skip, "monster", "chooser")
            return self.key("fx", "activate_count"), (*skip, "monster")
        if at is not None and at.zone_of == "self" and at.model_dump(exclude_defaults=True) == {"zone_of": "self"}:
            return self.key("fx", "activate_here"), (*skip, "monster", "at")
        return key, skip

    def _transfer(self, spec, key: str, skip) -> tuple[str, tuple]:
        """An item changing hands said as the card says it: «ваш персонаж може віддати один предмет
        людині у вашій зоні на ваш вибір» (the Stowaway's Scavenger), «… забирає один предмет у
        людини …» (her Pickpocket), not «предмет гравця ваш персонаж переходить: гравець на ваш вибір»."""
        if spec.source == "self":
            if spec.optional:
                return self.key("fx", "transfer_item_give_may"), (*skip, "optional")
            return self.key("fx", "transfer_item_give"), skip
        if spec.to == "self":
            return self.key("fx", "transfer_item_take"), skip
        return key, skip

    def _value(self, lang: str, field: str, value, owner: str = "") -> str:
        if f"{owner.removesuffix('_you')}.{field}" in LISTED and isinstance(value, list) and len(value) > 1:
            parts = [self._value(lang, field, v, owner) for v in value]
            key = self.key("join", "all")
            return between(lang, ", ".join(parts[:-1]), self.say(lang, key), parts[-1])
        case = self.cases.get(f"{owner}.{field}")
        if case and type(value).__name__ in self.one_of:
            # a one-of model in the case its verb takes, through the template of the field it sets
            # (``obj.Location_zone_into``: «на камбуз», «у корабельну зону на ваш вибір»)
            name = type(value).__name__
            field_set = next((f for f in type(value).model_fields if getattr(value, f) not in (None, False)), None)
            key = self.key("obj", f"{name}_{field_set}_{case}")
            if self.has(key):   # a flag the template says by itself ("picked: true") is not said again
                return self.model(lang, key, value, skip=(field_set,) if getattr(value, field_set) is True else ())
        return super()._value(lang, field, value, owner)

    def specific(self, section: str, owner: str, field: str) -> str | None:
        # a "_you" template counts its fields as its own step does: «вы смотрите 2 верхние карты
        # колоды вещей» through noun.draw_items.look, not «2 колоды вещей»; a model read in a case
        # takes the pieces of its plain template where it has none of its own ("ChosenZone_in")
        bases = [owner.removesuffix("_you")]
        found = _PLACE_OWNER.match(owner)
        if found and owner.startswith("ChosenZone"):
            bases.append(owner[:found.start(1) - 1])
        if not self.has(self.key(section, owner, field)):
            for base in bases:
                if base != owner and self.has(self.key(section, base, field)):
                    return self.key(section, base, field)
        return super().specific(section, owner, field)

    def word(self, lang: str, field: str, value: str, owner: str = "") -> str:
        if owner.endswith("_you") and not self.has(self.key("wf", owner, field, value)) \
                and self.has(self.key("wf", owner.removesuffix("_you"), field, value)):
            owner = owner.removesuffix("_you")   # a "_you" template's words are its own step's
        case = WHO_CASES.get(f"{owner}.{field}")
        if case and self.has(self.key("wf", case, value)):
            return self.say(lang, self.key("wf", case, value))
        if field in CASED_FIELDS and self.has(self.key("wf", owner, field, value)):
            # the monster in the case the verb takes («активувати Матір Гідру», «перемістити Батька
            # Дагона»), not its name
            return self.say(lang, self.key("wf", owner, field, value))
        if field in DOERS and self.has(self.key("wf", "chooser", value)):
            # a title chooses or acts as the sentence names it: "(chosen by the Captain)", "the
            # Captain discards 2 skill cards" (en: a title takes "the"), never "Captain discards"
            return self.say(lang, self.key("wf", "chooser", value))
        if field == "item" and owner.startswith("remove_items") and owner.endswith("_item"):
            return inner_quotes(super().word(lang, field, value, owner), lang)   # the template quotes it
        place = _PLACE_OWNER.match(owner) if owner.startswith("Location_") else None
        if place and field in ("zone", "fallback_zone"):
            # a zone in the case its sentence needs: «переходить на камбуз», «розмістити … у трюмі»,
            # «пошкодити каплицю», never «переходить: камбуз»
            from bot.games.unfathomable.zones import zone_case
            return zone_case(lang, value, place.group(1))
        case = PLACE_CASES.get(f"{_step_of(owner)}.{field}")
        if case and self.has(self.key("wf", f"area_{case}", value)):
            # an area in that case: «на всьому полі», «з палубних зон»
            return self.say(lang, self.key("wf", f"area_{case}", value))
        if owner == "in_zone" and field == "zone":
            # «ваш персонаж у каплиці», not «… у зоні каплиця»
            from bot.games.unfathomable.zones import zone_case
            return zone_case(lang, value, "in")
        if field in YOU_FIELDS and value == "self":
            # the card's own "you" (who plays or holds it) chooses: "(chosen by you)", as the rest
            # of its text says «на ваш вибір»; a member is never "your character"
            return self.say(lang, self.key("w", "you"))
        if value in _YOU.get():
            return self.say(lang, self.key("w", "you" if field in YOU_FIELDS else "self"))
        return super().word(lang, field, value, owner)

    def say(self, lang: str, key: str, **params) -> str:
        if _YOU_STEP.search(key) and (said := _SAID_YOU.get()) is not None:
            said.append(key)
        # "(chosen by you)": the modifier's verb agrees with "you" where the language has a form for it
        if params.get("value") == t(lang, self.key("w", "you")) and self.has(f"{key}_you"):
            key = f"{key}_you"
        return super().say(lang, key, **params)

    def model(self, lang: str, key: str, spec: BaseModel, skip=()) -> str:
        # a choice's chooser said once: its last option's "(chosen by you)" and the choice's own
        # read "… (chosen by you) (chosen by you)"
        return _ONCE.sub(r"\1", self._model(lang, key, spec, skip))


WRITER = _Writer(GAME, names=_names, hooks=_hook, one_of=ONE_OF, signed=SIGNED,
                    skip=frozenset({"id", "label", "name_authored", "copies", "provenance"}),
                    amounts=("fuel", "food", "sanity", "souls"), quiet=frozenset({"limit", "timing"}),
                    # the player an item goes to (dative) or is taken from (genitive): «людині у вашій зоні»
                    cases={"move_player.to": "into", "move_player_you.to": "into",
                           **{f"Location_chosen_{case}.chosen": case for case in PLACE_CASE_NAMES},
                           **{step.replace(".", form + "."): case for step, case in PLACE_CASES.items()
                              for form in ("", "_you", "_all", "_you_all", "_any_number")},
                           "transfer_item_give.to": "dat", "transfer_item_give_may.to": "dat",
                           "transfer_item_take.source": "gen"})


def has_effect(entry) -> bool:
    return type(entry).__name__ in GENERATED and any(
        isinstance(getattr(entry, f, None), list) and getattr(entry, f) and isinstance(getattr(entry, f)[0], Tagged)
        for f in ("effect", "cost"))


def effect_text(lang: str, steps, you=frozenset()) -> str:
    """``steps`` read out in ``lang``; ``you``: the players ("current_player") the reader is."""
    token, said = _YOU.set(frozenset(you)), _SAID_YOU.set([])
    try:
        text = WRITER.effect(lang, steps)
        if you and _SAID_YOU.get():   # a step said as the reader's: every step nobody does says so too
            second = _SECOND.set(True)
            try:
                text = WRITER.effect(lang, steps)
            finally:
                _SECOND.reset(second)
        return text
    finally:
        _SAID_YOU.reset(said)
        _YOU.reset(token)


def entry_text(lang: str, entry) -> str:
    """What ``entry`` does, in ``lang``: read out from its effect data where it has any, else the
    pack's own text."""
    if entry is None:
        return ""
    if not has_effect(entry):
        from bot.games.lookup import own_text
        return own_text(lang, entry) if isinstance(entry, BaseModel) else ""
    return tidy(WRITER.model(lang, WRITER.key("obj", type(entry).__name__), entry))
