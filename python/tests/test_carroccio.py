"""The carroccio Python module: the OpenSpiel-shaped game interface, agents, sim and errors."""
import random

import pytest

import carroccio


def play_randomly(state, rng, limit=100000):
    """Plays to the end: chance by the exact probabilities, decisions uniformly."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1.0) < 1e-9
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < limit
    return steps


def test_rulesets_list_every_playable_ruleset():
    ids = {r["id"] for r in carroccio.rulesets()}
    assert {"bma", "ohw", "fastplay", "alsh"} <= ids
    bma = next(r for r in carroccio.rulesets() if r["id"] == "bma")
    assert any(s["id"] == "legnano" for s in bma["scenarios"])


def test_a_random_legnano_game_ends_with_returns_per_side():
    game = carroccio.load_game("bma/legnano")
    assert game.num_players() == 2
    assert [game.player_name(p) for p in range(2)] == ["imperial", "lombard"]
    state = game.new_initial_state()
    steps = play_randomly(state, random.Random(3))
    assert steps > 100
    assert state.current_player() == carroccio.TERMINAL
    assert len(state.returns()) == 2
    assert state.result_summary()["end_reason"] != "none"
    assert len(state.history()) == steps


def test_the_same_actions_give_the_same_state():
    game = carroccio.load_game("bma/legnano", {"facing": True, "charge": True})
    assert game.options() == {"facing": "true", "charge": "true"}
    a, b = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(7)
    for _ in range(200):
        if a.is_terminal():
            break
        if a.is_chance_node():
            actions, probs = zip(*a.chance_outcomes())
            x = rng.choices(actions, probs)[0]
        else:
            x = rng.choice(a.legal_actions())
        a.apply_action(x)
        b.apply_action(x)
    assert a.to_string() == b.to_string()


def test_clone_is_independent():
    state = carroccio.load_game("bma/legnano").new_initial_state()
    play_randomly_steps = 20
    rng = random.Random(1)
    for _ in range(play_randomly_steps):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = state.to_string()
    play_randomly(copy, random.Random(2))
    assert state.to_string() == before
    assert copy.is_terminal()


def test_an_illegal_action_raises_our_sentence_and_changes_nothing():
    state = carroccio.load_game("bma/legnano").new_initial_state()
    before = state.to_string()
    with pytest.raises(carroccio.Error) as err:
        state.apply_action(987654)
    assert str(err.value).endswith(".")
    assert "json" not in str(err.value).lower()
    assert state.to_string() == before
    assert isinstance(err.value, ValueError)


def test_bad_references_and_options_are_one_sentence():
    with pytest.raises(carroccio.Error, match="nosuch"):
        carroccio.load_game("nosuch/game")
    with pytest.raises(carroccio.Error):
        carroccio.load_game("bma/legnano", {"wizardry": True})
    with pytest.raises(carroccio.Error, match="Options must be"):
        carroccio.load_game("bma/legnano", 12)
    game = carroccio.load_game("ohw/s1")
    with pytest.raises(carroccio.Error):
        game.player_name(5)


def test_views_and_names():
    game = carroccio.load_game("ohw/s1")
    state = game.new_initial_state()
    view = state.to_json("spectator")
    assert view["ruleset"] == "ohw"
    assert state.to_json(0)["ruleset"] == "ohw"
    with pytest.raises(carroccio.Error):
        state.to_json("nobody")
    rng = random.Random(5)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    action = state.legal_actions()[0]
    assert isinstance(state.action_to_string(action), str)
    with pytest.raises(carroccio.Error, match="not legal"):
        state.action_to_string(-5)
    assert "turn" in state.render_text()


def test_agents_choose_legal_actions():
    game = carroccio.load_game("bma/legnano")
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    side = state.current_player()
    for spec in ["random", "heuristic", "mcts:iters=20"]:
        agent = carroccio.Agent(spec, game, side, seed=9)
        assert agent.step(state) in state.legal_actions()
    with pytest.raises(carroccio.Error, match="not an agent kind|is not"):
        carroccio.Agent("wizard", game, side)
    other = carroccio.Agent("random", game, 1 - side)
    with pytest.raises(carroccio.Error, match="not the turn"):
        other.step(state)


def test_sim_gives_the_aggregate_and_is_deterministic():
    a = carroccio.sim("bma/legnano", games=20, seed=3, threads=2)
    b = carroccio.sim("bma/legnano", games=20, seed=3, threads=1)
    assert a == b
    assert a["games"] == 20
    assert sum(s["wins"] for s in a["sides"]) + a["draws"] == 20
    # Two games of the heuristic (about 16 s each under ASan): the agents and the offset reach sim.
    c = carroccio.sim("bma/legnano", games=2, seed=3, first_game=10,
                      agents={"lombard": "heuristic"})
    assert c["games"] == 2
    with pytest.raises(carroccio.Error):
        carroccio.sim("bma/legnano", games=5, agents={"nobody": "random"})


def test_observation_tensor_is_offered_or_refused_in_one_sentence():
    state = carroccio.load_game("ohw/s1").new_initial_state()
    with pytest.raises(carroccio.Error, match="offers no observation tensor"):
        state.observation_tensor()


def test_bma_observation_tensor_has_its_documented_planes():
    numpy = pytest.importorskip("numpy")
    state = carroccio.load_game("bma/legnano").new_initial_state()
    tensor = state.observation_tensor(0)
    assert tensor.dtype == numpy.float32
    planes, rows, cols = tensor.shape
    assert planes == 18
    on_map = tensor[15]
    # Every hex of the map is one cell of the grid, none twice.
    assert on_map.max() == 1.0 and on_map.sum() > rows * cols // 2
    # Both armies on the board at the start, and the viewer's own pieces come first.
    own = tensor[0:3].sum()
    enemy = tensor[3:6].sum()
    assert own > 0 and enemy > 0
    flipped = state.observation_tensor(1)
    assert flipped[0:3].sum() == enemy and flipped[3:6].sum() == own
    # Ratings only where units stand.
    assert numpy.all((tensor[6] > 0) <= (tensor[0:3].sum(axis=0) > 0))
