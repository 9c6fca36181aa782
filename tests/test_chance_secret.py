"""A real game is dealt from a 256-bit secret, so no one can compute the hands from what the
table shows (issue 19 item 1); numbers still deal what they dealt, and every save replays."""

import hashlib
import json
import shutil
import struct
from collections import Counter
from pathlib import Path

import pytest

from cardtable import games
from cardtable.engine import Chance, Match, SeatConfig, SeatKind, new_save_path, saves_dir
from cardtable.engine import chance as chance_module
from cardtable.engine.chance import SECRET_BITS, is_secret, new_secret, seed_for_bots
from cardtable.engine.match import saved_state
from cardtable.ui.app import CardTableApp, Launch
from tests.pilot_steps import my_turn, wait_until

FIXTURES = Path(__file__).parent / "fixtures" / "saves"


def seats_for(game):
    return [SeatConfig(name="Ann")] + [
        SeatConfig(name=f"Bot {i}", kind=SeatKind.RANDOM) for i in range(1, game.default_seats)
    ]


def dealt(state):
    """Every seat's hand, as a player would list them."""
    return [[card.short for card in hand] for hand in state.hands]


@pytest.mark.parametrize("game_id", games.ids())
def test_two_real_games_started_the_same_way_deal_differently(game_id):
    game = games.get(game_id)
    first = Match.start(game, seats_for(game), None)
    second = Match.start(game, seats_for(game), None)
    assert dealt(first.state) != dealt(second.state)
    assert is_secret(first.record.seed) and first.record.seed != second.record.seed


def test_a_real_games_secret_is_256_bits_from_the_operating_system(monkeypatch):
    asked = []

    def randbits(bits):
        asked.append(bits)
        return (1 << bits) - 12345

    monkeypatch.setattr(chance_module.secrets, "randbits", randbits)
    game = games.get("piles")
    match = Match.start(game, seats_for(game), None)
    assert asked == [SECRET_BITS] == [256]
    assert match.record.seed == new_secret() == (1 << 256) | ((1 << 256) - 12345)


def test_every_one_of_the_secrets_256_bits_changes_the_deal():
    """No smaller seed space to search: a secret differing in any one bit deals otherwise."""
    game = games.get("piles")
    secret = new_secret()
    deals = {str(dealt(game.new_game(4, secret)))}
    for bit in range(SECRET_BITS):
        deals.add(str(dealt(game.new_game(4, secret ^ (1 << bit)))))
    assert len(deals) == SECRET_BITS + 1


def test_a_secrets_stream_is_blake2b_keyed_in_counter_mode():
    secret = (1 << 256) | 0x0123456789ABCDEF
    chance = Chance.seeded(secret)
    material = secret.to_bytes(33, "big", signed=True)
    key = hashlib.blake2b(material, digest_size=32, person=b"cardtable-secret").digest()
    expected = []
    for block in range(3):
        digest = hashlib.blake2b(
            block.to_bytes(8, "little"), key=key, digest_size=64, person=b"cardtable-chance"
        ).digest()
        expected += struct.unpack("<8Q", digest)
    assert [chance.next64() for _ in range(24)] == expected
    assert chance.drawn == 24 and chance.state == 0


def test_a_secrets_shuffle_is_fisher_yates_drawn_without_bias_from_its_stream(monkeypatch):
    secret = new_secret()
    shuffled, drawn = Chance.seeded(secret), Chance.seeded(secret)
    deck = list(range(108))
    shuffled.shuffle(deck)
    reference = list(range(108))
    for i in range(107, 0, -1):
        j = drawn.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert deck == reference and shuffled == drawn
    # A number high in the 64-bit range, in the slice that would favour low results, is
    # drawn again: 3 does not divide 2**64, so 2**64 - 1 is refused.
    words = iter([(1 << 64) - 1, 7])
    monkeypatch.setattr(Chance, "next64", lambda self: next(words))
    assert Chance.seeded(secret).below(3) == 7 % 3
    monkeypatch.undo()
    # So is one in a shuffle: the swap is drawn from the next number, as below() draws it.
    real = chance_module._block
    monkeypatch.setattr(chance_module, "_block", lambda key, n: ((1 << 64) - 1, *real(key, n)[1:]))
    shuffled, drawn = Chance.seeded(secret), Chance.seeded(secret)
    three = ["a", "b", "c"]
    shuffled.shuffle(three)
    j = drawn.below(3)
    reference = ["a", "b", "c"]
    reference[2], reference[j] = reference[j], reference[2]
    j = drawn.below(2)
    reference[1], reference[j] = reference[j], reference[1]
    assert three == reference and shuffled.drawn == drawn.drawn == 3
    monkeypatch.undo()
    orders = Counter()
    chance = Chance.seeded(secret)
    for _ in range(6000):
        three = ["a", "b", "c"]
        chance.shuffle(three)
        orders["".join(three)] += 1
    assert len(orders) == 6 and all(800 < n < 1200 for n in orders.values()), orders


def test_numbers_deal_what_they_dealt_before_secrets():
    chance = Chance.seeded(7)
    assert [chance.next64() for _ in range(3)] == [
        13309476754707697221,
        11984929618412882174,
        10134167572453724827,
    ]
    deck = list(range(12))
    chance.shuffle(deck)
    assert deck == [1, 5, 11, 6, 2, 7, 8, 10, 0, 4, 9, 3]
    assert chance.below(1000) == 790 and chance.key is None
    assert chance == Chance(state=8854431476379712064)


@pytest.mark.parametrize("game_id", ["piles", "sets-and-runs", "runway"])
def test_a_real_games_save_keeps_the_secret_and_replays_exactly(game_id):
    game = games.get(game_id)
    match = Match.start(game, seats_for(game), None, None, new_save_path(game_id))
    pick = Chance.seeded(11)
    for _ in range(150):
        seat = game.to_act(match.state)[0]
        move = pick.choice(game.legal_moves(match.state, seat))
        twin = match.state.model_copy(deep=True)
        game.apply(twin, seat, move)
        if game.is_over(twin):
            break
        match.play(seat, move)
    path, state, secret = match.save_path, match.state, match.record.seed
    match.close()
    assert str(secret) in path.read_text(encoding="utf-8").partition("\n")[0]
    loaded = Match.load(path, games)
    assert loaded.record.seed == secret and loaded.state == state
    assert loaded.state.chance.key is not None and loaded.replay() == state
    loaded.close()


@pytest.mark.parametrize("game_id", ["piles", "sets-and-runs"])
def test_a_save_written_before_secrets_loads_and_replays_exactly(game_id):
    source = FIXTURES / f"{game_id}-before-secrets.jsonl"
    lines = source.read_text(encoding="utf-8").splitlines()
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / f"{game_id}-bcdf.jsonl"
    shutil.copy(source, path)
    loaded = Match.load(path, games)  # every checkpoint in it checked against the replay
    last = saved_state(games.get(game_id), json.loads(lines[-1])["state"], loaded.state)
    assert loaded.state == last and loaded.state.chance.key is None
    assert len(loaded.record.log) == sum(line.startswith('{"seat":') for line in lines)
    loaded.close()


def test_bots_and_claim_clocks_are_not_seeded_from_the_secret():
    secret = new_secret()
    seed = seed_for_bots(secret)
    assert 0 <= seed < 1 << 64 and seed != secret % (1 << 64)
    assert seed_for_bots(secret) == seed and seed_for_bots(secret ^ 1) != seed
    assert seed_for_bots(12345) == 12345  # a number's bot table behaves as it did


def test_the_secret_is_not_in_the_states_repr():
    game = games.get("piles")
    state = game.new_game(4, new_secret())
    assert state.chance.key not in repr(state) and state.chance.key not in str(state)


async def test_a_game_started_with_no_seed_is_dealt_from_a_secret_never_shown():
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot,bot,bot", delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        match = app.screen.match
        assert is_secret(match.record.seed)
        assert all(bot.seed < 1 << 70 for bot in app.screen.players[1:])
        shown = app.export_screenshot()
        for text in (str(match.record.seed), match.state.chance.key):
            assert text not in shown
            assert all(text not in line for line in match.log_lines())
