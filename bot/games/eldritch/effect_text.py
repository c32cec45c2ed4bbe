"""Eldritch Horror's texts that follow the effects (:mod:`bot.games.effect_text`): every
encounter, ability, mythos card, condition or spell back, monster, mystery and Ancient One rule
read out from its effect data in en/uk/ru (templates: ``locales/effects.<lang>.yaml``)."""
from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel

from bot.games.effect_text import EffectText, in_language, tidy
from engine.content.dialect import Names, Strict, Tagged, Text
from engine.registry import rules_for

GAME = "eldritch"
ONE_OF = frozenset({"PlaceMap"})
SIGNED = frozenset({"modifier", "plus", "skill_bonus.amount", "test.dice"})
# an entry's fields that hold effect data, in the order they are read out (an entry with any of
# them set has a generated text)
EFFECT_FIELDS = ("enters_play", "effect", "abilities", "front", "outcomes", "spawn", "reckoning", "encounter",
                 "solved_when", "rumor", "fail")
# the entries whose text is generated; an Ancient One's sheet, its awakening and defeat rules keep
# their own (translated) texts: their story and setup are more than their effects
GENERATED = frozenset({"Encounter", "Ability", "Mythos", "ConditionBack", "SpellBack", "Range", "Monster",
                       "CultistStats", "Mystery", "Rumor"})


@lru_cache(maxsize=1)
def _ids() -> dict[str, object]:
    """Every id of the pack a parameter may name -> its entry (for its Names)."""
    from bot.games.eldritch.pack_index import CARD_CATEGORIES, _pack
    out: dict[str, object] = {}
    for category in CARD_CATEGORIES:
        for key, entry in _pack()[category].items():
            out.setdefault(key, entry)
    return out


@lru_cache(maxsize=None)
def _epic(kind: str) -> bool:
    """``kind`` is an epic monster (one token of its own)."""
    from bot.games.eldritch.pack_index import _pack
    return bool(getattr(_pack()["monster"].get(kind), "epic", False))


@lru_cache(maxsize=1)
def _hooks() -> dict[str, Text]:
    return {h.id: h.meaning for h in rules_for(GAME).pack.hooks.hooks}


# fields whose strings are vocabulary words, never ids of the pack
WORD_FIELDS = frozenset({"which", "of", "who", "timing", "by", "among", "chooser", "range", "during", "what",
                         "where", "card", "source", "epic", "path", "limit", "any_number", "spend", "spend_for",
                         "to", "with_", "kind_word", "skill", "count", "health", "sanity", "clues",
                         "has", "has_any", "without"})   # what a space holds: uk «з культистом», not «з «Культист»»


def _names(lang: str, field: str, value: str) -> str | None:
    if field in WORD_FIELDS and field != "to":
        return None
    entry = _ids().get(value)
    if entry is None or not isinstance(getattr(entry, "name", None), BaseModel):
        return None
    return quoted(lang, in_language(entry.name, lang))


def quoted(lang: str, name: str) -> str:
    """A card named inside a rule's text, in each language's own quotation marks."""
    return f"“{name}”" if lang == "en" else f"«{name}»"


def _hook(lang: str, hook: str) -> str | None:
    meaning = _hooks().get(hook)
    return in_language(meaning, lang) if meaning is not None else None


def _variant(model) -> tuple[str, frozenset] | None:
    """A result range of one value reads "result 0", not "result 0–0" (a die's "1", not "1–1")."""
    if type(model).__name__ in ("Range", "Outcome") and model.max == model.min:
        return "exact", frozenset({"max"})
    return None


# the case a step's sentence puts its monsters in (uk «завдати вибраному монстру», «скинути
# вибраного монстра»); obj.Monsters_<case> in the catalogs
CASES = {"damage_monsters.target": "dative", "discard_monsters.target": "accusative",
         "defeat_monsters.target": "accusative", "move_monsters.target": "accusative",
         "put_on_card_target.target": "accusative", "fights.target": "instrumental",
         "fights_here.target": "instrumental"}

# the token steps that may name a space (``where: place`` with ``at``) and the way their token goes:
# the space is said where the template says where, with the preposition the step wants ("on “Space
# 4”", uk «у локацію «Локація 4»», ru «из локации …»: ``at_to``/``at_from``), never "on a space (on
# “Space 4”)"
PLACED = {"place_eldritch": "to", "place_health_token": "to", "place_mystery_token": "to",
          "remove_eldritch": "from"}
# the steps that move a figure or a Clue ``to`` a place: said with the preposition and its case
# (``at_move``: uk «до вашої локації», ru «в вашу локацию»), never "to: the nearest space"
MOVED = frozenset({"move", "move_monsters", "move_this_clue"})
# the steps that put something new on a space ``at``: said with the preposition and its case
# (``at_in``: uk «у вашій локації», ru «в локации «Аркхэм»»), not the space in brackets
SPAWNED = frozenset({"spawn_monster", "spawn_clues", "spawn_gates"})
# the way a space goes into a step whose ``at`` is said in its template's place (:class:`_Space`):
# a token step's (PLACED), an investigator chosen nearest to it ("near": uk «найближчого до локації
# цього монстра»), else "in" (a group or an investigator on it: uk «у локації цього монстра»)
SPACE_WAYS = {**PLACED, "choose_investigator_nearest": "near"}


class _Space:
    """A token step's ``where`` standing for its space (``at``): one, or several at once."""

    def __init__(self, at):
        self.at = at

    def __eq__(self, other):
        return isinstance(other, _Space) and other.at == self.at


class _Said:
    """A parameter already said in words (the kinds of a discarded card, in the count's form)."""

    def __init__(self, text: str):
        self.text = text


class _ChosenBy:
    """A step's ``which: chosen`` said with the one who chooses (``chooser``)."""

    def __init__(self, who: str):
        self.who = who


# the branches of a test, a fight or a condition: one that holds more than one step is bracketed,
# so a nested branch's "fail" cannot be read as the outer one's ("Influence test; pass: (Lore
# test; pass: close this gate; fail: lose 1 Sanity); fail: lose 2 Sanity")
BRANCHES = frozenset({"pass_", "fail", "defeated", "survived", "otherwise", "then"})
# the steps whose nested effect a group does (each investigator, each space, N times): more than
# one step is said as one sentence, joined by "and", so the steps after the group cannot be read as
# the group's ("for each investigator …: lose 2 Health and become Delayed; remove …")
GROUPS = ("for_each", "repeat")
# the lists that offer a choice, said with "or" the way a card says them ("a space with a Clue or a
# gate", "spawn 1 “Goat Spawn” or “Dark Young”"), each word as the field it stands for wants it
OR_LISTS = {"has_any": "has", "any_of": "any_of", "other_than": "any_of", "while_on": "while_on", "type": "type"}
# a monster step's target that leaves out the monster(s) ``last`` refers to: "each other monster"
MONSTER_MODELS = ("Monsters", "Monsters_dative", "Monsters_accusative", "Monsters_instrumental",
                  "Monsters_named", "Monsters_named_dative", "Monsters_named_accusative", "Monsters_named_instrumental")


def _holds(node, feature: str) -> bool:
    """Whether a space filter anywhere in ``node`` asks for ``feature`` (``has: [gate, …]``)."""
    if isinstance(node, Tagged):
        return _holds(node.spec, feature)
    if isinstance(node, BaseModel):
        return any(_holds(getattr(node, f), feature) for f in type(node).model_fields)
    if isinstance(node, (list, tuple)):
        return feature in node or any(_holds(v, feature) for v in node)
    if isinstance(node, dict):
        return any(_holds(v, feature) for v in node.values())
    return False


class _NestedText(EffectText):
    def effect(self, lang: str, steps, top: bool = True) -> str:
        return super().effect(lang, _placed_together(steps or []), top)

    def implied(self, spec, field: str) -> bool:
        # "a monster on a space with a gate and a non-Epic monster", not "… (not Epic)" again
        return field == "epic" and getattr(spec, "epic", None) == "exclude" \
            and _holds(getattr(spec, "at", None), "non_epic_monster")

    def step(self, lang: str, tagged: Tagged) -> str:
        spec = tagged.spec
        if tagged.name == LEAD_RUN:
            return self._lead_run(lang, list(spec.effect))
        if tagged.name == "discard_possessions" and isinstance(getattr(spec, "kind", None), list) and spec.kind:
            # what the card is, said after it in the number's form: uk «скинути 1 карту активу або
            # артефакту», «2 карти заклинань», not «скинути 1 карту (актив, артефакт)»
            form = "kind_one" if spec.count == 1 else "kind_many"
            kinds = self.joined(lang, "or", [self.say(lang, self.key("wf", "discard_possessions", form, k))
                                             for k in spec.kind])
            tagged = tagged.model_copy(update={"spec": spec.model_copy(update={"kind": _Said(kinds)})})
            spec = tagged.spec
        if tagged.name in PLACED and getattr(spec, "where", None) == "place" and spec.at is not None:
            # the space itself where the step's template says where, not "on a space (on “Space 4”)"
            return self.model(lang, self.key("fx", tagged.name), spec.model_copy(update={"where": _Space(spec.at)}),
                              skip={"at"})
        fight = _one_fight(spec) if tagged.name == "for_each" and spec.who in ("investigators", "on_space") else None
        if fight is not None:
            # a group that fights is the subject of one sentence: "each investigator fights each
            # monster on their space", uk «кожен дослідник б'ється з кожним монстром у своїй
            # локації», not «кожен дослідник: бій: кожен монстр»
            target = fight.spec.target
            here = target.at == "here" or (spec.who == "on_space" and target.at == spec.at)   # their own space
            fight_spec = fight.spec.model_copy(update={"target": target.model_copy(update={"at": "here"})}) \
                if here else fight.spec
            text = self.model(lang, self.key("fx", "fights_here" if here else "fights"), fight_spec, skip={"who"})
            at = self.place(lang, "in", spec.at) if spec.who == "on_space" else ""
            return self.say(lang, self.key("fx", "for_each_fights"), text=text, at=at)
        if tagged.name == "for_each" and self.has(self.key("fx", f"for_each_{spec.who}")):
            # "for each investigator on this monster's space", not "for each investigator on a space:
            # lose 1 Sanity (this monster's space)"
            # (the group's condition before the colon too: "for each investigator holding …: …")
            if spec.who in ("on_space", "others_on_space", "on_or_adjacent"):
                spec = spec.model_copy(update={"at": _Space(spec.at)})
            return self.model(lang, self.key("fx", f"for_each_{spec.who}"), spec, skip={"who"})
        if tagged.name == "choose_investigator" and self.has(self.key("fx", f"choose_investigator_{spec.among}")):
            # "choose the investigator nearest to this monster's space", "choose another investigator",
            # not "choose an investigator (nearest) (this monster's space)"
            if spec.among in ("nearest", "on_space"):
                spec = spec.model_copy(update={"at": _Space(spec.at)})
            return self.model(lang, self.key("fx", f"choose_investigator_{spec.among}"), spec, skip={"among"})
        if tagged.name == "discard_board_clues" and spec.count is not None:
            # the Mi-go: "discard 1 Clue on this monster's space", not every Clue there
            return self.model(lang, self.key("fx", "discard_board_clues_count"), spec)
        if tagged.name == "choose_space" and self.has(self.key("obj", "ChosenSpace_choose")):
            # "choose a space with a Clue", not "choose a space: a chosen space with a Clue"
            return self.model(lang, self.key("obj", "ChosenSpace_choose"), spec.place)
        if tagged.name == "discard_gates" and spec.which == "chosen":
            # "discard 1 gate chosen by the Lead Investigator", not "discard 1 gate (a chosen) (chosen by …)"
            return self.model(lang, self.key("fx", "discard_gates"),
                              spec.model_copy(update={"which": _ChosenBy(spec.chooser)}), skip={"chooser"})
        if tagged.name == "put_on_card" and getattr(spec, "target", None) is not None:
            # "put that monster onto this card", the monster in its case (uk «покласти того монстра»)
            return self.model(lang, self.key("fx", "put_on_card_target"), spec, skip={"what"})
        if tagged.name == "may" and bool(spec.cost) != bool(spec.then):
            # a choice that is another's to make is said with them as its subject: uk «вибраний
            # дослідник може скинути стан …», not «можна вибраний дослідник: скинути стан …»
            steps = [s for s in spec.cost or spec.then if isinstance(s, Tagged)]
            whos = {s.spec.who for s in steps if _someone_else(s)}
            # (only where the one who does it is the one who chooses; the investigators pool a cost)
            if steps and len(whos) == 1 and all(map(_someone_else, steps)) \
                    and spec.chooser in (next(iter(whos)), "self" if whos == {"investigators"} else None) \
                    and self.has(self.key("fx", f"may_by_{next(iter(whos))}")):
                who = next(iter(whos))
                own = [s.model_copy(update={"spec": s.spec.model_copy(
                    update={"who": type(s.spec).model_fields["who"].default})}) for s in steps]
                return self.say(lang, self.key("fx", f"may_by_{who}"), text=self.effect(lang, own, top=False)) \
                    + self.value(lang, "otherwise", spec.otherwise, True, "may")
        test = self._test_to_take(lang, spec) if tagged.name == "may" and spec.chooser == "self" else None
        if test is not None and not spec.cost:
            # a test one may take is said as a card says it (002: «Під час відпочинку можете пройти
            # перевірку»): uk «можна пройти перевірку Знань; успіх: …», not «можна (перевірка Знань; …)»
            return self.say(lang, self.key("fx", "may_test"), text=test) \
                + self.value(lang, "otherwise", spec.otherwise, True, "may_test")
        if tagged.name == "may" and spec.cost and spec.then and spec.chooser == "self" \
                and not any(map(_someone_else, [*spec.cost, *spec.then])):
            # a price paid for plain steps is said the way a card says it: "you may gain a Dark Pact
            # to take this Clue and gain 1 Clue", uk «можна …, щоб …», not «можна (…; …) (ціна: …)»
            # (a test too: «можна витратити 1 доказ, щоб пройти перевірку Волі; успіх: …»)
            cost, then = (self._plain_steps(lang, steps, one_colon=steps is spec.then) for steps in (spec.cost, spec.then))
            then = test if test is not None else then
            if cost and then:
                # a price with a comma of its own closes it before "to" ("… half the number of
                # investigators, rounded up, to solve this Rumor", not "rounded up to solve")
                key = "may_for_aside" if _at_top(",", cost) else "may_for"
                return self.say(lang, self.key("fx", key), cost=cost, then=then) \
                    + self.value(lang, "otherwise", spec.otherwise, True, "may_test" if test else "may")
        if tagged.name == "may" and spec.cost and not spec.then and not any(map(_someone_else, spec.cost)):
            # a choice to pay for nothing but avoiding the "if not": "you may spend 1 Clue; if not:
            # lose 1 Health", not "you may (cost: spend 1 Clue); if not: …"
            return self.model(lang, self.key("fx", "may_pay"), spec, skip={"then"})
        if tagged.name == "on_space" and spec.space and not (spec.type or spec.has or spec.without):
            # "if on “Space 19”", not "if on a space: “Space 19”"
            return self.model(lang, self.key("cond", "on_space_named"), spec)
        if tagged.name == "prevent" and spec.who == "self":
            # the one preventing is the one reading: "you may prevent …", not "you may you: prevent …"
            return self.model(lang, self.key("fx", "prevent"), spec, skip={"who"})
        inner = getattr(spec, "condition", None) if tagged.name == "not" else None
        if isinstance(inner, Tagged) and inner.name == "monster_on_board" and _epic(inner.spec.kind):
            # uk «на полі більше немає епічного монстра «Ктулху»» (002: «епічний монстр»), the Ancient
            # One's own token not said as any monster
            return self.model(lang, self.key("cond", "not_epic_on_board"), inner.spec)
        if tagged.name == "resolve_reckonings" and spec.of == "conditions" and spec.who == "self" and spec.name:
            # "resolve the Reckoning effect of your condition “Debt”", not "you: resolve the Reckoning
            # effects of conditions, only of “Debt”"
            return self.model(lang, self.key("fx", "resolve_reckonings_own"), spec, skip={"who", "of"})
        if tagged.name == "give" and spec.trade:
            # "trade possessions with the chosen investigator", not "give … (a trade both ways)"
            return self.model(lang, self.key("fx", "give_trade"), spec, skip={"trade"})
        if tagged.name == "has_possession" and spec.trait and not spec.name and spec.kind == "asset":
            # "holding a Weapon asset" (the cards' words), not "holding an asset (Weapon)"
            return self.model(lang, self.key("cond", "has_possession_trait"), spec, skip={"kind"})
        if tagged.name == "discard_condition" and getattr(spec, "other_than", None) and not spec.name \
                and not spec.trait:
            # "discard a condition other than “Debt”", not "discard the condition other than …"
            return self.model(lang, self.key("fx", "discard_condition_other"), spec, skip={"name"})
        if tagged.name in ("gain_condition", "discard_condition") and spec.trait and not spec.name \
                and not getattr(spec, "any_of", None):
            # "gain a Madness condition" (the cards' words), not "gain the condition (Madness)"
            return self.model(lang, self.key("fx", f"{tagged.name}_trait"), spec, skip={"name"})
        if getattr(spec, "dice", None) == "any" and self.has(self.key("fx_any", tagged.name)):
            # "reroll any number of dice": no number to pick the noun's form by (uk «будь-яку кількість
            # кубиків», not the fraction's form «кубика»)
            return self.model(lang, self.key("fx_any", tagged.name), spec, skip={"dice"})   # owner: the step's
        if tagged.name == "gain_asset" and spec.source == RANDOM_DECK:
            # beside an option from the reserve, the deck's is said too: "gain 1 Item asset from the
            # reserve or gain 1 Item asset drawn at random from the deck" (as the choice's buttons)
            plain = tagged.model_copy(update={"spec": spec.model_copy(update={"source": "deck"})})
            return self.say(lang, self.key("fx", "gain_asset_random"), text=self.step(lang, plain))
        if getattr(spec, "count", None) == "all" and self.has(self.key("fx", f"{tagged.name}_all")):
            # "discard all Clues": no number to pick the noun's form by (uk «скинути всі докази»)
            return self.model(lang, self.key("fx", f"{tagged.name}_all"), spec, skip={"count"})
        return super().step(lang, tagged)

    def model(self, lang: str, key: str, spec: BaseModel, skip=()) -> str:
        if key.startswith(self.key("obj", "Monsters")) and spec.kind and spec.count == 1 and not spec.others \
                and _epic(spec.kind):
            # an epic monster is one token, said by its name: "fights “Shub-Niggurath”", not "fights
            # each monster “Shub-Niggurath”" (uk/ru: «з епічним монстром «…»», the noun in the case)
            named = key.replace(self.key("obj", "Monsters"), self.key("obj", "Monsters_named"), 1)
            return super().model(lang, named, spec, skip={*skip, "which", "chooser"})
        who = getattr(spec, "who", None)
        third = key.replace(f"{GAME}.fx.", f"{GAME}.fx3.", 1)
        if isinstance(who, str) and "who" not in skip and third != key and self.has(third) \
                and self.has(self.key("by", who)):
            # the one who does the step is its subject, its verb in the third person: uk «вибраний
            # дослідник втрачає 1 здоров'я», not «вибраний дослідник: втратити 1 здоров'я»
            return self.say(lang, self.key("by", who), text=super().model(lang, third, spec, skip={*skip, "who"}))
        return super().model(lang, key, spec, skip)

    def value(self, lang: str, field: str, value, in_template: bool = True, owner: str = "") -> str:
        if field == "requires" and isinstance(value, Tagged):
            value = _unguarded(value)   # "some space holds …" only says the effect has a target
            if value is None:
                return ""
        if field in OR_LISTS and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            # uk «з доказом або воротами», not «з будь-чим із: доказ, ворота»
            text = self.joined(lang, "or", [self.word(lang, OR_LISTS[field], v, owner) for v in value])
            part = self.part(owner, field)
            return self.say(lang, part, text=text, count=text) if in_template and part else text
        if field == "any_trait" and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            # uk «1 актив з ознакою «Предмет» або «Дрібничка»», not «1 актив (Предмет, Дрібничка)»
            text = self.joined(lang, "or", [self.say(lang, self.key("part", "any_trait_each"),
                                                     text=self.word(lang, "trait", v, owner)) for v in value])
            part = self.part(owner, field)
            return self.say(lang, part, text=text) if in_template and part else text
        if field == "options" and owner == "choose_one" and in_template and isinstance(value, list) and value:
            # an option of several steps is bracketed: "choose one: (spend 2 Clues; close this gate);
            # become Delayed", not three options
            # and the options read with "or" ("choose one: lose 2 Sanity or spend 1 Clue"), an option
            # that is itself a list bracketed so its commas are not taken for the options'
            value = _deck_said(value)
            texts = [self._value(lang, field, option, owner) for option in value]
            return self.joined(lang, "or", [f"({x})" if _at_top(";", x) or _at_top(",", x) else x for x in texts if x])
        if field == "has" and isinstance(value, list) and len(value) > 1 and all(isinstance(v, str) for v in value):
            # a space holding all of them: uk «з воротами і монстром», not «з воротами, монстром»
            text = self.joined(lang, "and", [self.word(lang, field, v, owner) for v in value])
            part = self.part(owner, field)
            return self.say(lang, part, text=text, count=text) if in_template and part else text
        if field == "others" and owner in MONSTER_MODELS and in_template:
            # uk «кожному іншому монстру», not «кожному монстру (інші)»
            return self.say(lang, self.key("part", owner, "others")) if value else ""
        if field == "effect" and owner.startswith(GROUPS) and in_template and isinstance(value, list) \
                and len(value) > 1:
            steps = [s for s in _placed_together(value) if isinstance(s, Tagged)]
            texts = [self.step(lang, s) for s in steps]
            texts = [x[:-1] if x.endswith(".") and not x.endswith("..") else x for x in texts]
            sep = self.say(lang, self.key("sep")).strip()
            if len(texts) > 1 and not any(_at_top(sep, x) for x in texts):
                # a condition last follows what comes before it: "…, then if …", not "… and if …"
                text = self.joined(lang, "and_then" if steps[-1].name == "if" else "and", texts)
                part = self.part(owner, field)
                return self.say(lang, part, text=text, count=text) if part else text
        if isinstance(value, _Said):
            part = self.part(owner, field)
            return self.say(lang, part, text=value.text, count=value.text) if in_template and part else value.text
        if isinstance(value, _ChosenBy):
            return self.say(lang, self.key("part", owner, "chooser"), text=self.word(lang, "chooser", value.who))
        if isinstance(value, _Space):
            return self.place(lang, SPACE_WAYS.get(owner, "in"), value.at)
        if owner == "move_eldritch" and field == "source" and in_template:
            return self.place(lang, "from", value)   # uk «з вашої локації», not «(ваша локація)»
        if owner in MONSTER_MODELS and field == "at" and not in_template \
                and value != "here":
            # the monsters' space said with its preposition (mod.Monsters*.at): uk «кожному монстру у
            # вибраній локації», «вибраного монстра будь-де», not «(вибрана локація)», «(будь-де)»
            return self.place(lang, "in", value)
        if owner == "space_has" and field == "at" and in_template:
            return self.place(lang, "has", value)   # "this monster's space holds", not "on this monster's space holds"
        if owner.startswith("discard_board_clues") and field == "at" and in_template and value != "all":
            return self.place(lang, "in", value)   # uk «з поля у локації цього монстра», not «(локація цього монстра)»
        if (owner in SPAWNED or owner == "remote_encounter") and field == "at" and in_template and value is not None:
            return self.place(lang, "in", value)   # uk «у локації «Амазонія»», not «(«Амазонія»)»
        if owner in MOVED and field in ("to", "toward") and in_template and value is not None:
            # uk «до найближчої локації (море)», «у бік локації цього монстра», not «до: найближча …»
            return self.place(lang, "move" if field == "to" else "toward", value)
        if owner == "move_board_clues" and field == "to_nearest" and isinstance(value, BaseModel):
            return self.model(lang, self.key("obj", "SpaceFilter_destination"), value)
        if not (in_template and field in BRANCHES and isinstance(value, (list, tuple)) and value):
            return super().value(lang, field, value, in_template, owner)
        # plain steps are one sentence joined by "and" ("fail: lose 1 Health and gain …"); a branch
        # with a test or a choice of its own stays bracketed, so its "fail" is not the outer one's
        plain = self._plain_steps(lang, value, no_commas=True) if len(value) > 1 else None
        text = plain or self._value(lang, field, value, owner)
        if not plain and self.say(lang, self.key("sep")).strip() in text:
            text = f"({text})"
        part = self.part(owner, field)
        return self.say(lang, part, text=text, count=text) if text and part else text

    def _value(self, lang: str, field: str, value, owner: str = "") -> str:
        if isinstance(value, (list, tuple)) and len(value) > 1 \
                and all(isinstance(v, BaseModel) and not isinstance(v, Tagged) for v in value):
            # a list of abilities is one sentence: an ability after the first goes on in lower case
            # ("…; reckoning: …", uk «…; коли його переможено: …»; 002: «червоним символом
            # розплати»), its timing being no name
            parts = [super(_NestedText, self)._value(lang, field, v, owner) for v in value]
            parts = [_lower_first(p) if i and getattr(v, "timing", None) else p
                     for i, (v, p) in enumerate(zip(value, parts))]
            own = self.key(f"sep_{field}")
            return self.say(lang, own if self.has(own) else self.key("list_sep")).join(p for p in parts if p)
        return super()._value(lang, field, value, owner)

    def _plain_steps(self, lang: str, steps, one_colon: bool = False, no_commas: bool = False) -> str | None:
        """``steps`` as one sentence joined by "and", or None if any is more than a plain step (a
        test, a condition: something with its own colon or list); with ``one_colon``, one step that
        ends the sentence may be a choice ("… to choose one: recover 3 Sanity or …"); with
        ``no_commas``, None too where a step has a comma of its own (its list would run into theirs)."""
        tagged = [s for s in _placed_together(steps) if isinstance(s, Tagged)]
        texts = [self.step(lang, s) for s in tagged]
        if one_colon and len(texts) == 1 and tagged[0].name == "choose_one" and ";" not in texts[0]:
            return texts[0]
        if not texts or any(":" in x or ";" in x or x.endswith(".") or (no_commas and "," in x) for x in texts):
            return None
        return self.joined(lang, "and", texts)

    def _test_to_take(self, lang: str, spec) -> str | None:
        """A may's ``then`` that is one test, said as what one may do (uk «пройти перевірку Волі;
        успіх: …»), or None."""
        then = [s for s in spec.then or [] if isinstance(s, Tagged)]
        if not then or then[-1].name != "test" or any(map(_someone_else, [*then, *(spec.cost or [])])) \
                or not self.has(self.key("fx_may", "test")):
            return None
        test = self.model(lang, self.key("fx_may", "test"), then[-1].spec)
        if len(then) == 1:
            return test
        # plain steps before it: «можна поліпшити вміння на вибір, потім пройти перевірку Волі; невдача: …»
        before = self._plain_steps(lang, then[:-1])
        return self.joined(lang, "and_then", [before, test]) if before else None

    def _lead_run(self, lang: str, steps: list) -> str:
        """A Mythos card's steps the Lead Investigator does, said with them named: one step as
        their sentence ("the Lead Investigator gains the condition “Cursed”"), else under them as a
        heading, the way "for each investigator: …" binds its "you" ("the Lead Investigator: gain
        1 artifact; roll a die: …")."""
        if len(steps) == 1 and isinstance(steps[0], Tagged) and "who" in type(steps[0].spec).model_fields:
            by = self.say(lang, self.key("by", "lead"), text="")
            text = self.step(lang, steps[0].model_copy(update={"spec": steps[0].spec.model_copy(update={"who": "lead"})}))
            if text.startswith(by):   # a verb of theirs ("fx3"), not "the Lead Investigator: …"
                return text
        return self.say(lang, self.key("fx", "lead_does"), text=self.effect(lang, steps, top=False))

    def joined(self, lang: str, word: str, items: list[str]) -> str:
        """``items`` as one list, its last two joined by ``word`` ("and", "or")."""
        if len(items) == 1:
            return items[0]
        return self.say(lang, self.key(word), first=", ".join(items[:-1]), last=items[-1])

    def place(self, lang: str, way: str, at) -> str:
        """The space a token goes to (``way`` "to"), leaves ("from"), a figure moves to ("move") or
        toward ("toward"), or something spawns on ("in"), with its preposition (``at_<way>``): a
        named space, several named spaces at once (a list, see :func:`_placed_together`), a place
        word, the nearest or a chosen matching space, or an investigator's space."""
        section = f"at_{way}"
        if isinstance(at, list):
            names = [_names(lang, "at", a) or a for a in at]
            return self.say(lang, self.key(section, "each"), places=self.joined(lang, "and", names))
        if isinstance(at, str):
            named = _names(lang, "at", at)
            if named is not None:
                return self.say(lang, self.key(section, "named"), place=named)
            if self.has(self.key(section, at)):
                return self.say(lang, self.key(section, at))
        # the form a space takes after the way's preposition
        case = {"move": "destination", "toward": "genitive", "in": "in"}.get(way, "accusative")
        nearest, chosen, space_of = (getattr(at, f, None) for f in ("nearest", "chosen", "space_of"))
        if nearest is not None and self.has(self.key(section, "nearest")):
            return self.say(lang, self.key(section, "nearest"),
                            place=self.model(lang, self.key("obj", f"SpaceFilter_{case}"), nearest))
        if chosen is not None and self.has(self.key(section, "chosen")):
            return self.say(lang, self.key(section, "chosen"),
                            place=self.model(lang, self.key("obj", f"ChosenSpace_{case}"), chosen))
        if space_of is not None and self.has(self.key(section, "space_of")):
            return self.say(lang, self.key(section, "space_of"), place=self.word(lang, "space_of", space_of))
        return self.say(lang, self.key(section, "other"), place=self._value(lang, "at", at, "at"))


def _placed_together(steps: list) -> list:
    """Consecutive token steps alike but for the named space each puts its token on, as one step
    over all those spaces (Rituals in the Wild: "place 1 Eldritch token on each of “Space 4”,
    “Space 10”, “Space 21” and “Tunguska”", not the same step four times)."""
    out: list = []
    for step in steps:
        last = out[-1] if out else None
        if isinstance(step, Tagged) and step.name in PLACED and _named_space(step) \
                and isinstance(last, Tagged) and last.name == step.name \
                and (isinstance(last.spec.at, list) or _named_space(last)) \
                and last.spec.model_dump(exclude={"at"}) == step.spec.model_dump(exclude={"at"}):
            spaces = last.spec.at if isinstance(last.spec.at, list) else [last.spec.at]
            out[-1] = last.model_copy(update={"spec": last.spec.model_copy(update={"at": [*spaces, step.spec.at]})})
            continue
        out.append(step)
    return out


# a gain_asset's source said as "drawn at random from the deck" (the default is left unsaid)
RANDOM_DECK = "deck_random"


def _deck_said(options: list) -> list:
    """A choice's options, an asset from the deck marked to be said as such where another option
    takes one from the reserve (or the discard pile): the two read alike otherwise."""
    def gains(option):
        return [s for s in getattr(option, "effect", None) or [] if isinstance(s, Tagged) and s.name == "gain_asset"]
    if not any(s.spec.source != "deck" for option in options for s in gains(option)):
        return options
    out = []
    for option in options:
        steps = [s.model_copy(update={"spec": s.spec.model_copy(update={"source": RANDOM_DECK})})
                 if isinstance(s, Tagged) and s.name == "gain_asset" and s.spec.source == "deck" and not s.spec.name
                 else s for s in option.effect or []]
        out.append(option.model_copy(update={"effect": steps}))
    return out


# a Mythos card's steps the Lead Investigator does (its "you": engine.eldritch.phases resolves a
# Mythos card, its reckonings and a Rumor's failure with the Lead as "self"), said as one
LEAD_RUN = "_lead_run"
# the quantities that count what "you" hold ("the number of gates" is no one's)
PERSONAL = frozenset({"clues_held", "clues_gained_this_encounter", "spells_held", "items_held", "conditions_held",
                      "improvements"})
# the choosers that choose something only where the step chooses (``which: chosen``, not all)
CHOSEN_ONLY = frozenset({"Monsters", "DiscardGates", "CloseGate", "GainCard", "DiscardReserve"})


class _LeadRun(Strict):
    effect: list


def _the_readers(node) -> bool:
    """``node`` (a step, a condition, a parameter) is done by "you" or says what "you" hold."""
    if isinstance(node, Tagged):
        return node.name != "for_each" and _the_readers(node.spec)   # each investigator is its "you"
    if isinstance(node, (list, tuple)):
        return any(map(_the_readers, node))
    if not isinstance(node, BaseModel) or isinstance(node, (Names, Text)):
        return False
    fields, name = type(node).model_fields, type(node).__name__
    personal = getattr(node, "of", None) in PERSONAL if name in ("Quantity", "CountCond") else True
    if personal and "who" in fields and node.who == "self":
        return True
    if "chooser" in fields and node.chooser == "self" \
            and (name not in CHOSEN_ONLY or (getattr(node, "which", "chosen") == "chosen"
                                             and getattr(node, "count", None) != "all")):
        # (a choice of something others pay for is theirs: "the investigators may together spend …")
        steps = [s for s in [*(getattr(node, "cost", None) or []), *(getattr(node, "then", None) or [])]
                 if isinstance(s, Tagged)]
        if not (steps and all(map(_someone_else, steps))):
            return True
    return any(_the_readers(getattr(node, f)) for f in fields)


def _lead_runs(steps: list) -> list:
    """``steps`` of a Mythos card, each run of those the Lead does as one :data:`LEAD_RUN` step."""
    out: list = []
    for step in steps or []:
        if not _the_readers(step):
            out.append(step)
        elif out and isinstance(out[-1], Tagged) and out[-1].name == LEAD_RUN:
            out[-1] = Tagged(kind="primitive", name=LEAD_RUN, spec=_LeadRun(effect=[*out[-1].spec.effect, step]))
        else:
            out.append(Tagged(kind="primitive", name=LEAD_RUN, spec=_LeadRun(effect=[step])))
    return out


def _lead_said(mythos):
    """A Mythos card whose "you" is said as the Lead Investigator: its effect, what it does when it
    enters play, its reckonings and its Rumor's failure (an encounter with its Rumor stays the
    encountering investigator's)."""
    update = {"effect": _lead_runs(mythos.effect), "enters_play": _lead_runs(mythos.enters_play),
              "abilities": [a.model_copy(update={"effect": _lead_runs(a.effect)}) if a.timing == "reckoning" else a
                            for a in mythos.abilities]}
    if mythos.rumor is not None and mythos.rumor.fail:
        update["rumor"] = mythos.rumor.model_copy(update={"fail": _lead_runs(mythos.rumor.fail)})
    return mythos.model_copy(update=update)


def _one_fight(spec) -> Tagged | None:
    """A group's one step when it is a fight of the investigator's own (each one fights)."""
    steps = [s for s in spec.effect or [] if isinstance(s, Tagged)]
    if len(steps) == 1 and steps[0].name == "encounter_monster" and steps[0].spec.who == "self":
        return steps[0]
    return None


def _at_top(sep: str, text: str) -> bool:
    """``sep`` occurs in ``text`` outside any brackets (a step that is itself several)."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith(sep, i):
            return True
    return False


def _someone_else(step) -> bool:
    """A step said with the one it falls on before it ("the chosen investigator: gain …")."""
    fields = type(step.spec).model_fields if isinstance(step, Tagged) else {}
    # (the reader named as "self" is no one else: "you may discard an Ally to prevent …")
    return "who" in fields and step.spec.who not in (fields["who"].default, "self")


def _named_space(step: Tagged) -> bool:
    at = getattr(step.spec, "at", None)
    return isinstance(at, str) and _names("en", "at", at) is not None


WRITER = _NestedText(GAME, names=_names, hooks=_hook, one_of=ONE_OF, signed=SIGNED, skip=frozenset({"id", "label", "name_authored"}),
                    amounts=("health", "sanity", "clues"), quiet=frozenset({"during"}), variant=_variant,
                    cases=CASES)


def has_effect(entry) -> bool:
    """The entry carries effect data a text can follow."""
    if type(entry).__name__ not in GENERATED:
        return False
    for field in EFFECT_FIELDS:
        value = getattr(entry, field, None)
        if isinstance(value, Tagged) or (isinstance(value, list) and value) or isinstance(value, BaseModel):
            return True
    return False


def effect_text(lang: str, steps) -> str:
    return WRITER.effect(lang, steps)


def _one_stop(text: str) -> str:
    """A sentence of the pack's own (a hook's meaning) that ends where a part's full stop follows:
    one stop, not "as usual.." (an ellipsis stays)."""
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)


def entry_text(lang: str, entry) -> str:
    """What ``entry`` does, in ``lang``: read out from its effect data where it has any, else the
    pack's own text (a story line, a rule the data cannot say)."""
    if entry is None:
        return ""
    if not has_effect(entry):
        text = getattr(entry, "text", None)
        return in_language(text, lang) if isinstance(text, Text) else ""
    if type(entry).__name__ == "Mythos":
        entry = _lead_said(entry)
    if type(entry).__name__ in ("Ability", "Rumor", "Encounter", "Range"):
        return _one_stop(tidy(WRITER.value(lang, "entry", entry)))
    parts = [WRITER.value(lang, field, getattr(entry, field, None)) for field in EFFECT_FIELDS]
    return _one_stop(tidy(" ".join(p for p in parts if p)))


def _lower_first(text: str) -> str:
    """``text`` going on a sentence: its first letter in lower case (a step joined after «;»)."""
    return text[:1].lower() + text[1:]


GUARDS = ("some_space", "some_investigator")


def _unguarded(cond):
    """A requirement without its ``some_space`` / ``some_investigator`` guards (the engine's "this
    effect has a target", which the effect's own words already say), or None when nothing else is
    required."""
    if cond.name in GUARDS:
        return None
    if cond.name == "all":
        rest = [c for c in cond.spec.conditions if not (isinstance(c, Tagged) and c.name in GUARDS)]
        if not rest:
            return None
        if len(rest) == 1:
            return rest[0]
        if len(rest) < len(cond.spec.conditions):
            return cond.model_copy(update={"spec": cond.spec.model_copy(update={"conditions": rest})})
    return cond
