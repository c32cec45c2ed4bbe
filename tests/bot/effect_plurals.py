"""The plural messages of the texts that follow the effects (``bot/games/<game>/locales/
effects.<lang>.yaml``): the words that follow the number for 1, 2, 5, 11, 21 in each language
(test_i18n checks them with the other plural messages). Each "X" stands for a placeholder the
test fills right after the words."""
from __future__ import annotations

NUMBERS = (1, 2, 5, 11, 21)


def _words(*forms: str) -> tuple[str, ...]:
    return tuple(f"{n} {form}" for n, form in zip(NUMBERS, forms))


def en(one: str, other: str) -> tuple[str, ...]:
    return _words(one, other, other, other, other)


def slavic(one: str, few: str, many: str) -> tuple[str, ...]:
    """1 and 21 take ``one``, 2 ``few``, 5 and 11 ``many`` (uk and ru alike)."""
    return _words(one, few, many, many, one)


def _entry(e, uk, ru):
    return {"en": en(*e), "uk": slavic(*uk), "ru": slavic(*ru)}


EFFECT_PLURALS = {
    "eldritch.fx.gain_clues": _entry(("Clue", "Clues"), ("доказ", "докази", "доказів"), ("улику", "улики", "улик")),
    "eldritch.fx.discard_clues": _entry(("Clue", "Clues"), ("доказ", "докази", "доказів"), ("улику", "улики", "улик")),
    "eldritch.fx.discard_board_clues_count": _entry(("Clue on the boardX", "Clues on the boardX"),
                                                    ("доказ з поляX", "докази з поляX", "доказів з поляX"),
                                                    ("улику с поляX", "улики с поляX", "улик с поляX")),
    "eldritch.fx.spawn_clues": _entry(("ClueX", "CluesX"), ("доказX", "доказиX", "доказівX"),
                                      ("уликуX", "уликиX", "уликX")),
    "eldritch.fx.gain_asset": _entry(("XXassetX", "XXassetsX"), ("активXXX", "активиXXX", "активівXXX"),
                                     ("активXXX", "активаXXX", "активовXXX")),
    "eldritch.fx.gain_artifact": _entry(("XXartifactX", "XXartifactsX"), ("артефактXXX", "артефактиXXX", "артефактівXXX"),
                                        ("артефактXXX", "артефактаXXX", "артефактовXXX")),
    "eldritch.fx.gain_spell": _entry(("XXspellX", "XXspellsX"), ("заклинанняXXX", "заклинанняXXX", "заклинаньXXX"),
                                     ("заклинаниеXXX", "заклинанияXXX", "заклинанийXXX")),
    "eldritch.fx.gain_ticket": _entry(("ticket", "tickets"), ("квиток", "квитки", "квитків"),
                                      ("билет", "билета", "билетов")),
    "eldritch.fx.extra_action": _entry(("extra action", "extra actions"),
                                       ("додаткову дію", "додаткові дії", "додаткових дій"),
                                       ("дополнительное действие", "дополнительных действия",
                                        "дополнительных действий")),
    # another investigator doing it (the verb in the third person)
    "eldritch.fx3.gain_asset": _entry(("XXassetX", "XXassetsX"), ("активXXX", "активиXXX", "активівXXX"),
                                      ("активXXX", "активаXXX", "активовXXX")),
    "eldritch.fx3.gain_artifact": _entry(("XXartifactX", "XXartifactsX"),
                                         ("артефактXXX", "артефактиXXX", "артефактівXXX"),
                                         ("артефактXXX", "артефактаXXX", "артефактовXXX")),
    "eldritch.fx3.gain_spell": _entry(("XXspellX", "XXspellsX"), ("заклинанняXXX", "заклинанняXXX", "заклинаньXXX"),
                                      ("заклинаниеXXX", "заклинанияXXX", "заклинанийXXX")),
    "eldritch.fx3.extra_action": _entry(("extra action", "extra actions"),
                                        ("додаткову дію", "додаткові дії", "додаткових дій"),
                                        ("дополнительное действие", "дополнительных действия",
                                         "дополнительных действий")),
    # the successes a test needs: uk «перевірка Сили на 3 успіхи»
    "eldritch.part.test.pass_at": _entry(("success", "successes"), ("успіх", "успіхи", "успіхів"),
                                         ("успех", "успеха", "успехов")),
    "eldritch.fx.spawn_gates": _entry(("gateX", "gatesX"), ("воротаX", "воротаX", "ворітX"), ("вратаX", "вратX", "вратX")),
    "eldritch.fx.discard_gates": _entry(("gate", "gates"), ("ворота", "ворота", "воріт"), ("врата", "врат", "врат")),
    "eldritch.fx.spawn_monster": _entry(("monsterXXX", "monstersXXX"), ("монстраXXX", "монстрівXXX", "монстрівXXX"),
                                        ("монстраXXX", "монстровXXX", "монстровXXX")),
    "eldritch.fx.place_eldritch": _entry(("Eldritch token", "Eldritch tokens"),
                                         ("жетон Стародавніх", "жетони Стародавніх", "жетонів Стародавніх"),
                                         ("жетон Древних", "жетона Древних", "жетонов Древних")),
    "eldritch.fx.remove_eldritch": _entry(("Eldritch token", "Eldritch tokens"),
                                          ("жетон Стародавніх", "жетони Стародавніх", "жетонів Стародавніх"),
                                          ("жетон Древних", "жетона Древних", "жетонов Древних")),
    "eldritch.fx.place_health_token": _entry(("health token", "health tokens"),
                                             ("жетон здоров'я", "жетони здоров'я", "жетонів здоров'я"),
                                             ("жетон здоровья", "жетона здоровья", "жетонов здоровья")),
    "eldritch.fx.place_mystery_token": _entry(("Mystery token", "Mystery tokens"),
                                              ("жетон таємниці", "жетони таємниці", "жетонів таємниці"),
                                              ("жетон тайны", "жетона тайны", "жетонов тайны")),
    "eldritch.fx.extra_dice": _entry(("extra dieX", "extra diceX"),
                                     ("додатковий кубикX", "додаткові кубикиX", "додаткових кубиківX"),
                                     ("дополнительный кубикX", "дополнительных кубикаX", "дополнительных кубиковX")),
    # «додати 1 до результату 1 кубика», not «до результату кубиків (1)»
    "eldritch.fx.die_bonus": _entry(("dieX", "diceX"), ("кубикаX", "кубиківX", "кубиківX"),
                                    ("кубикаX", "кубиковX", "кубиковX")),
    "eldritch.fx.discard_improvements": _entry(("skill improvement", "skill improvements"),
                                               ("поліпшення вмінь", "поліпшення вмінь", "поліпшень вмінь"),
                                               ("улучшение навыков", "улучшения навыков", "улучшений навыков")),
    "eldritch.fx.reroll": _entry(("dieXX", "diceXX"), ("кубикXX", "кубикиXX", "кубиківXX"),
                                 ("кубикXX", "кубикаXX", "кубиковXX")),
    "eldritch.part.spaces": _entry(("space", "spaces"), ("локацію", "локації", "локацій"),
                                   ("локацию", "локации", "локаций")),
    "eldritch.part.eldritch_tokens": _entry(("Eldritch token.", "Eldritch tokens."),
                                            ("жетон Стародавніх.", "жетони Стародавніх.", "жетонів Стародавніх."),
                                            ("жетон Древних.", "жетона Древних.", "жетонов Древних.")),
    "eldritch.noun.clues": _entry(("Clue", "Clues"), ("доказ", "докази", "доказів"), ("улику", "улики", "улик")),
    # 002: «втрачає 1 розум», «втратити 3 розуму»; 004: «теряет 1 здоровье», «и 1 рассудок»
    "eldritch.noun.health": _entry(("Health", "Health"), ("здоров'я", "здоров'я", "здоров'я"),
                                   ("здоровье", "здоровья", "здоровья")),
    "eldritch.noun.sanity": _entry(("Sanity", "Sanity"), ("розум", "розуму", "розуму"), ("рассудок", "рассудка", "рассудка")),
    "eldritch.part.test_rolled.at_least": _entry(("time", "times"), ("раз", "рази", "разів"),
                                                 ("раза", "раз", "раз")),
    "eldritch.noun.repeat.times": _entry(("time", "times"), ("раз", "рази", "разів"), ("раз", "раза", "раз")),
    "eldritch.noun.damage_monsters.amount": _entry(("damage", "damage"), ("шкоди", "шкоди", "шкоди"),
                                                   ("ущерб", "ущерба", "ущерба")),   # 004: «ущерб монстра»
    "eldritch.noun.resolve_reckonings.times": _entry(("time", "times"), ("раз", "рази", "разів"), ("раз", "раза", "раз")),
    # "discard 1 card …", uk «скинути 1 карту активу …», not "discard possessions (asset): 1"
    "eldritch.fx.discard_possessions": _entry(("XXcardX", "XXcardsX"), ("картуXXX", "картиXXX", "картXXX"),
                                              ("картуXXX", "картыXXX", "картXXX")),   # uk/ru: the kind after it
    "unfathomable.fx.risk_passengers": _entry(("passenger", "passengers"), ("пасажира", "пасажирів", "пасажирів"),
                                              ("пассажира", "пассажиров", "пассажиров")),
    "unfathomable.fx.place_deep_ones": _entry(("Deep One", "Deep Ones"),
                                              ("глибоководного", "глибоководних", "глибоководних"),
                                              ("глубоководного", "глубоководных", "глубоководных")),
    "unfathomable.fx.damage_ship": _entry(("time", "times"), ("раз", "рази", "разів"), ("раз", "раза", "раз")),
    # nfu16: "activate 1 Deep One anywhere", «активувати глибоководних (2 рази)»
    "unfathomable.fx.activate_count": _entry(("Deep One", "Deep Ones"),
                                             ("глибоководного", "глибоководних", "глибоководних"),
                                             ("глубоководного", "глубоководных", "глубоководных")),
    "unfathomable.fx.activate_count_yours": _entry(("Deep One", "Deep Ones"),
                                                   ("глибоководного", "глибоководних", "глибоководних"),
                                                   ("глубоководного", "глубоководных", "глубоководных")),
    "unfathomable.noun.activate.times": _entry(("time", "times"), ("раз", "рази", "разів"), ("раз", "раза", "раз")),
    "unfathomable.fx.advance_track": _entry(("space", "spaces"), ("поділку", "поділки", "поділок"),
                                            ("деление", "деления", "делений")),
    "unfathomable.fx.retreat_track": _entry(("space", "spaces"), ("поділку", "поділки", "поділок"),
                                            ("деление", "деления", "делений")),
    "unfathomable.fx.take_actions": _entry(("action", "actions"), ("дію", "дії", "дій"),
                                           ("действие", "действия", "действий")),
    "unfathomable.fx.draw_skill_cards": _entry(("skill card", "skill cards"),
                                               ("карту вмінь", "карти вмінь", "карт умінь"),
                                               ("карту навыков", "карты навыков", "карт навыков")),
    # the ru rulebook's word: «Карты коварства — это тип карт навыков…» (001_8cad8563a2eba5f1.txt:398)
    "unfathomable.fx.shuffle_treachery_into_chaos": _entry(("Treachery card", "Treachery cards"),
                                                           ("карту зради", "карти зради", "карт зради"),
                                                           ("карту коварства", "карты коварства",
                                                            "карт коварства")),
    "unfathomable.fx.remove_deck_top": _entry(("card", "cards"), ("верхню карту", "верхні карти", "верхніх карт"),
                                              ("верхнюю карту", "верхние карты", "верхних карт")),
    "unfathomable.noun.draw_items.look": _entry(("card", "cards"), ("верхню карту", "верхні карти", "верхніх карт"),
                                                ("верхнюю карту", "верхние карты", "верхних карт")),
    "unfathomable.noun.scout_deck.look": _entry(("card", "cards"), ("верхню карту", "верхні карти", "верхніх карт"),
                                                ("верхнюю карту", "верхние карты", "верхних карт")),
    "unfathomable.fx.extra_treachery_in_checks": _entry(
        ("more Treachery card counts", "more Treachery cards count"),
        ("карта зради рахується", "карти зради рахуються", "карт зради рахуються"),
        ("карта коварства считается", "карты коварства считаются", "карт коварства считаются")),
    # the rulebook: "Втратьте 1 пальне / 1 розум / 1 їжу / 2 їжі", not "1 пального"
    "unfathomable.noun.fuel": _entry(("Fuel", "Fuel"), ("пальне", "пального", "пального"),
                                     ("топливо", "топлива", "топлива")),
    "unfathomable.noun.food": _entry(("Food", "Food"), ("їжу", "їжі", "їжі"),
                                     ("единицу припасов", "единицы припасов", "единиц припасов")),
    "unfathomable.noun.sanity": _entry(("Sanity", "Sanity"), ("розум", "розуму", "розуму"),
                                       ("рассудок", "рассудка", "рассудка")),
    "unfathomable.noun.souls": _entry(("Soul", "Souls"), ("душу", "душі", "душ"), ("душу", "души", "душ")),
    # nu18b: a count in a condition, its noun in the number"s form («у запасі є принаймні 2 пасажири»)
    "unfathomable.part.hand_size.at_least": _entry(("card in hand", "cards in hand"), ("карта в руці", "карти в руці", "карт у руці"), ("карта в руке", "карты в руке", "карт в руке")),
    "unfathomable.part.hand_size.at_most": _entry(("card in hand", "cards in hand"), ("карта в руці", "карти в руці", "карт у руці"), ("карта в руке", "карты в руке", "карт в руке")),
    "unfathomable.part.items_held.at_least": _entry(("item", "items"), ("предмет", "предмети", "предметів"), ("вещь", "вещи", "вещей")),
    "unfathomable.part.items_held.at_most": _entry(("item", "items"), ("предмет", "предмети", "предметів"), ("вещь", "вещи", "вещей")),
    "unfathomable.part.deck_size.at_least": _entry(("card", "cards"), ("карта", "карти", "карт"), ("карта", "карты", "карт")),
    "unfathomable.part.deck_size.at_most": _entry(("card", "cards"), ("карта", "карти", "карт"), ("карта", "карты", "карт")),
    "unfathomable.part.passengers_in_supply.at_least": _entry(("passenger", "passengers"), ("пасажир", "пасажири", "пасажирів"), ("пассажир", "пассажира", "пассажиров")),
    "unfathomable.part.passengers_in_supply.at_most": _entry(("passenger", "passengers"), ("пасажир", "пасажири", "пасажирів"), ("пассажир", "пассажира", "пассажиров")),
    "unfathomable.part.passengers_on_deck.at_least": _entry(("passenger", "passengers"), ("пасажир", "пасажири", "пасажирів"), ("пассажир", "пассажира", "пассажиров")),
    "unfathomable.part.passengers_on_deck.at_most": _entry(("passenger", "passengers"), ("пасажир", "пасажири", "пасажирів"), ("пассажир", "пассажира", "пассажиров")),
    "unfathomable.part.deep_ones_on_board.at_least": _entry(("Deep One", "Deep Ones"), ("глибоководний", "глибоководні", "глибоководних"), ("глубоководный", "глубоководных", "глубоководных")),
    "unfathomable.part.deep_ones_on_board.at_most": _entry(("Deep One", "Deep Ones"), ("глибоководний", "глибоководні", "глибоководних"), ("глубоководный", "глубоководных", "глубоководных")),
    "unfathomable.part.deep_ones_in_depths.at_least": _entry(("Deep One", "Deep Ones"), ("глибоководний", "глибоководні", "глибоководних"), ("глубоководный", "глубоководных", "глубоководных")),
    "unfathomable.part.deep_ones_in_depths.at_most": _entry(("Deep One", "Deep Ones"), ("глибоководний", "глибоководні", "глибоководних"), ("глубоководный", "глубоководных", "глубоководных")),
    "unfathomable.part.humans_in.at_least": _entry(("Human", "Humans"), ("людина", "людини", "людей"), ("человек", "человека", "человек")),
    "unfathomable.part.humans_in.at_most": _entry(("Human", "Humans"), ("людина", "людини", "людей"), ("человек", "человека", "человек")),
    # nu18b: «скидає 2 карти вмінь», «втрачає 1 предмет», not «скидає карти вмінь: 2»
    "unfathomable.noun.discard_skill_cards.count": _entry(("skill card", "skill cards"),
                                                          ("карту вмінь", "карти вмінь", "карт умінь"),
                                                          ("карту навыков", "карты навыков", "карт навыков")),
    "unfathomable.noun.remove_items.count": _entry(("item", "items"), ("предмет", "предмети", "предметів"),
                                                   ("вещь", "вещи", "вещей")),
    # it read "Взяти подій: 3, залишити 1" before
    "thing.fx.draw_keep": _entry(("event card,", "event cards,"), ("карту події,", "карти подій,", "карт подій,"),
                                 ("карту события,", "карты событий,", "карт событий,")),
    "thing.fx.discard_and_draw": _entry(("card from", "cards from"), ("карту з", "карти з", "карт з"),
                                        ("карту с", "карты с", "карт с")),
}

# nu19b: the count in the sentence, the place after it: «перемогти 2 глибоководних на кораблі»,
# «врятувати 1 пасажира з вашої зони», never «перемогти глибоководних (корабель): 2»
EFFECT_PLURALS["unfathomable.fx.defeat_deep_ones"] = EFFECT_PLURALS["unfathomable.fx.place_deep_ones"]
for _step in ("defeat_passengers", "rescue_passengers"):
    EFFECT_PLURALS[f"unfathomable.fx.{_step}"] = EFFECT_PLURALS["unfathomable.fx.risk_passengers"]

# the same steps read for the member who does them («ви наражаєте на небезпеку 2 пасажирів»): the
# same words follow the number
for _step in ("risk_passengers", "place_deep_ones", "defeat_deep_ones", "defeat_passengers", "damage_ship", "advance_track", "retreat_track",
              "shuffle_treachery_into_chaos", "remove_deck_top"):
    EFFECT_PLURALS[f"unfathomable.fx.{_step}_you"] = EFFECT_PLURALS[f"unfathomable.fx.{_step}"]
