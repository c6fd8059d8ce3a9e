"""The conformance suite on Bretagne at every player count (the action space included), and how the
action space numbers the actions."""

from bgkit.testing import conformance_suite, get_registry

from bgkit_bretagne import codes as S

test_conformance = conformance_suite("bretagne", games=1)  # the core's tests/test_conformance.py plays more


def test_every_index_of_the_space_is_one_action_and_back():
    game = get_registry().load_game("bretagne")
    space = game.action_space(2)
    actions = [space.action(None, i) for i in range(space.size)]
    assert [space.index(a) for a in actions] == list(range(space.size))
    assert actions[0] == (S.BARGE, 0) and (S.DONE,) in actions and (S.PASS,) in actions
    assert space.size < 1000  # a dense encoding: a few hundred actions, not the tuples' product


def test_the_space_is_the_same_at_every_count_and_the_length_grows_with_the_seats():
    game = get_registry().load_game("bretagne")
    spaces = [game.action_space(n) for n in (2, 3, 4)]
    assert len({space.size for space in spaces}) == 1
    assert spaces[0].max_length < spaces[1].max_length < spaces[2].max_length
