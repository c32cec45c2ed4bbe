"""A review of this round (rv18b): /rules read the Almanac as «змінити результат кидка на сума
скинутого» (ru «на сумма сброшенного»): after «на» the sum is in the accusative."""
import pytest

from tests.bot.test_unfathomable_newcomer17 import _every_text


@pytest.mark.parametrize("lang, said, wrong", [
    ("uk", "змінити результат кидка на суму скинутого", "на сума "),
    ("ru", "на сумму сброшенного", "на сумма "),
])
def test_a_roll_changed_by_the_sum_discarded_reads_in_its_case(lang, said, wrong):
    texts = _every_text(lang)
    assert any(said in text for text in texts)
    assert not [text for text in texts if wrong in text]
