"""The engine with people at the prompt: picking, help, undo, save, quit, and dice typed at the table."""

import io
import json
import re

import pytest
from rich.console import Console

from bgkit.engine.match import GameLog, replay
from bgkit.model.errors import BadInput
from bgkit.terminal.human import pick
from bgkit.cli.play import _run_match, build_match
from bgkit.testing import scripted


def quiet():
    return Console(file=io.StringIO(), width=120)


def test_pick_by_number_text_and_unique_prefix():
    texts = ["take 1:ship", "take 2:mine", "sell wine"]
    assert pick(texts, "2") == 1
    assert pick(texts, "sell wine") == 2
    assert pick(texts, "s") == 2
    assert pick(texts, "take") is None  # ambiguous
    assert pick(texts, "4") is None
    assert pick(texts, "") is None


def human_match(goofspiel, answers, tmp_path, specs=("human:Ada", "random"), chance="random"):
    console = quiet()
    match = build_match(
        goofspiel, list(specs), [s.split(":")[-1] for s in specs], 3, {"deck": "5"},
        chance=chance, console=console, ask=scripted(answers), save_path=tmp_path / "save.json",
    )
    return match, console


def test_illegal_and_ambiguous_answers_ask_again(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 9", "?", "bid", "bid 3"], tmp_path)
    match.step()  # chance: the prize
    match.step()
    assert match.log.actions[-1] == [0, "bid 3"]
    out = console.file.getvalue()
    assert "'bid 9' is not legal here" in out
    assert re.search(r"undo +take back your last decision", out)
    assert "5 actions start with 'bid'" in out


def test_undo_with_nothing_to_undo_says_so_and_asks_again(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["undo", "bid 3"], tmp_path)
    _run_match(match, "text", None)  # then the input ends: saved as by quit
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["actions"][1] == [0, "bid 3"]
    assert "nothing of yours to undo" in console.file.getvalue()


def test_undo_refused_after_a_reveal(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    for _ in range(3):  # prize, Ada's bid, random's bid (which reveals both)
        match.step()
    with pytest.raises(BadInput, match="something was revealed since"):
        match.undo(0)


def test_undo_of_an_open_decision_replays_the_rest(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    match.step()
    match.step()
    match.revealed[-1] = False  # as in a game where a bid is an open move
    match.undo(0)
    assert match.log.actions == [[-1, match.log.actions[0][1]]]
    assert match.state.current_player() == 0
    assert json.loads((tmp_path / "save.json").read_text())["actions"] == match.log.actions


def test_quit_saves_and_resume_continues(goofspiel, tmp_path, capsys):
    match, _ = human_match(goofspiel, ["bid 5", "quit"], tmp_path)
    _run_match(match, "text", None)
    saved = GameLog.from_dict(json.loads((tmp_path / "save.json").read_text()))
    assert saved.actions[1] == [0, "bid 5"]
    assert "Resume with: bgkit play --resume" in capsys.readouterr().err
    state = replay(goofspiel, match.runtime, saved)
    assert state.hands[0] == [1, 2, 3, 4]


def test_end_of_input_at_the_prompt_saves_like_quit(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, [], tmp_path)
    _run_match(match, "text", None)
    assert (tmp_path / "save.json").exists()


def test_chance_typed_at_the_table(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["prize 9", "prize 4", "bid 1"], tmp_path, chance="table")
    match.step()
    match.step()
    assert match.log.actions == [[-1, "prize 4"], [0, "bid 1"]]
    assert "'prize 9' is not a possible outcome" in console.file.getvalue()


def test_bots_at_a_real_table_are_shown_playing_before_the_table_types_chance_again(goofspiel, tmp_path):
    """With only bots seated and the chance typed in, the people around the table carry out the
    bots' moves: each is said as it is made (a sealed bid face down, then revealed in the game's
    words), and the table says done before the next prize is asked."""
    match, console = human_match(goofspiel, ["prize 4", "", "prize 2"], tmp_path, specs=("random", "greedy"), chance="table")
    for _ in range(4):  # prize, two bids, the next prize
        match.step()
    out = console.file.getvalue()
    first, second = out.index("what happened at the table?"), out.rindex("what happened at the table?")
    shown = out[first:second]
    bids = [line for line in shown.splitlines() if line.startswith("▶ ")]
    assert "▶ P1 (random): P1 bids" in bids and "▶ P2 (greedy): P2 bids" in bids, shown  # face down
    revealed = [line for line in bids if line.startswith("▶ revealed: ")]
    assert [line.split(" bids its ")[0] for line in revealed] == ["▶ revealed: P1 (random)", "▶ revealed: P2 (greedy)"], shown
    assert "then type done" in shown and match.log.actions[-1] == [-1, "prize 2"]


def test_save_command_saves_and_carries_on(goofspiel, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    match, _ = human_match(goofspiel, ["save", "bid 1"], tmp_path)
    match.save_path = None
    match.step()
    match.step()  # save -> written to the default name, no action
    assert match.log.actions[-1][0] == -1
    assert json.loads((tmp_path / "goofspiel-3.bgkit.json").read_text())["actions"] == match.log.actions
    match.step()
    assert match.log.actions[-1] == [0, "bid 1"]


def test_people_are_told_what_others_did_and_sealed_choices_when_all_are_in(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 1", "bid 2"], tmp_path, specs=("random", "human:Bo"))
    for _ in range(3):  # the prize, random's sealed bid, Bo's bid (which reveals both)
        match.step()
    told = console.file.getvalue()
    assert "since your last decision" in told
    assert f"chance: {match.log.actions[0][1]}" in told
    assert "P1 random: P1 bids" in told
    assert f"P1 random: {match.log.actions[1][1]}" not in told  # the bid itself stays sealed
    for _ in range(3):  # the next prize, random's bid, Bo's second decision
        match.step()
    later = console.file.getvalue()[len(told):]
    assert f"revealed: P1 random: {match.log.actions[1][1]}" in later
    assert "revealed: P2 Bo: bid 1" in later
    assert f"chance: {match.log.actions[3][1]}" in later
    assert "Seats: P1 random · P2 Bo" in later  # every decision screen names the players (the tables say P1, P2)


def test_the_news_of_a_long_wait_is_cut_to_fit_and_log_shows_it_all(goofspiel, tmp_path):
    from bgkit.engine.match import Event
    from bgkit.terminal.human import NEWS_LINES, Screen

    screen = Screen(quiet(), scripted([]), ["Ada", "Bo"], [0])
    for n in range(NEWS_LINES + 5):
        screen.tell_event(Event(n + 1, 1, f"move {n}", None, f"move {n}"))
    screen.show_news(0, private=False)
    shown = screen.console.file.getvalue()
    assert "… 5 earlier (type log to see them all)" in shown and "move 4" not in shown and f"move {NEWS_LINES + 4}" in shown
    screen.seen(0)
    screen.show_news(0, private=False, everything=True)
    assert "move 0" in screen.console.file.getvalue()[len(shown):]


def test_undo_is_refused_for_a_resumed_game(goofspiel, tmp_path):
    first, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    first.step()
    first.step()
    resumed = build_match(goofspiel, ["human:Ada", "random"], ["Ada", "random"], 3, {"deck": "5"}, log=first.log,
                          console=quiet(), ask=scripted([]))
    with pytest.raises(BadInput, match="something was revealed"):
        resumed.undo(0)


def test_two_people_at_one_screen_look_away_for_sealed_choices(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["", "bid 2", "", "bid 3"], tmp_path, specs=("human:Ada", "human:Bo"))
    for _ in range(3):  # prize, Ada's sealed bid, Bo's sealed bid
        match.step()
    assert match.log.actions[1:] == [[0, "bid 2"], [1, "bid 3"]]


def test_one_person_against_bots_is_not_asked_to_hand_over(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)  # no empty answer for a hand-over prompt
    match.step()
    match.step()
    assert match.log.actions[1] == [0, "bid 2"]


def test_at_the_table_a_bare_number_is_the_outcome_not_a_position(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["4", "bid 1"], tmp_path, chance="table")
    match.step()
    assert match.log.actions[0] == [-1, "prize 4"]  # '4' is 'prize 4', not the 4th listed outcome


def test_at_the_table_a_bare_number_is_the_outcome_even_when_the_list_has_moved_on(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["1", "bid 1", "", "4", "bid 2"], tmp_path, chance="table")  # "": done (the bot's bid laid)
    while len([p for p, _ in match.log.actions if p == -1]) < 2:
        match.step()
    # prize 1 is gone, so the 4th outcome listed is prize 5: '4' must still record prize 4
    assert [text for p, text in match.log.actions if p == -1] == ["prize 1", "prize 4"]


def test_at_the_table_hash_picks_by_position_and_question_mark_helps(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["?", "#2", "bid 1"], tmp_path, chance="table")
    match.step()
    assert match.log.actions[0] == [-1, "prize 2"]
    assert "#N for the Nth outcome" in console.file.getvalue()


def test_the_prompt_accepts_the_games_own_spelling(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["  bid   3 "], tmp_path)
    match.step()
    match.step()
    assert match.log.actions[1] == [0, "bid 3"]


def test_a_person_is_told_which_seat_is_whose(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 1"], tmp_path)
    match.step()
    match.step()
    assert "Seats: P1 Ada · P2 random" in console.file.getvalue()


def test_replay_as_a_seat_shows_its_own_bids_and_the_others_only_once_revealed(tmp_path):
    from bgkit.testing import run_cli

    log = tmp_path / "g.json"
    assert run_cli(["play", "goofspiel", "random", "random", "--seed", "3", "--option", "deck=5", "--log", log]).exit_code == 0
    actions = json.loads(log.read_text())["actions"]
    as_two = run_cli(["replay", log, "--as", "2"]).stdout
    first_bid = actions[1][1]  # seat 1's sealed bid
    lines = as_two.splitlines()
    assert "   2. random: P1 bids" in lines
    assert f"   3. random #2: {actions[2][1]}" in lines
    assert f"  revealed random: {first_bid}" in lines
    assert lines.index("   2. random: P1 bids") < lines.index(f"  revealed random: {first_bid}")
    doc = json.loads(run_cli(["replay", log, "--as", "1", "--format", "json"]).stdout)
    assert doc["events"][1]["text"] == first_bid and doc["events"][2]["text"] == "P2 bids"
    bad = run_cli(["replay", log, "--as", "3"])
    assert bad.exit_code == 2 and "--as takes a seat 1-2, not 3" in bad.stderr


class PrivateDraw:
    """A chance node whose outcome only seat 2 may see (a card drawn into a hand)."""

    def chance_outcomes(self):
        return [("card 1", 0.5), ("card 2", 0.5)]

    def audience(self, outcome):
        return frozenset({1})

    def chance_label(self):
        return "P2 draws a card"

    def action_text(self, outcome):
        return outcome

    def parse_action(self, text):
        if text in ("card 1", "card 2"):
            return text
        raise BadInput(f"{text!r} is not legal here")


def test_a_private_draw_at_the_table_is_typed_by_its_owner_while_the_others_look_away():
    from bgkit.terminal.human import Screen, TableChance

    asked = []
    answers = iter(["", "card 2"])

    def ask(prompt):
        asked.append(prompt)
        return next(answers)

    console = quiet()
    chance = TableChance(Screen(console, ask, ["Ada", "Bo"], [0, 1]))
    assert chance(PrivateDraw()) == "card 2"
    assert asked[0] == "P2 draws a card: only P2 Bo may see it (they type it); the others look away, then press Enter"
    assert "P2 draws a card" in console.file.getvalue()


def test_bot_moves_are_saved_as_the_game_goes(goofspiel, tmp_path, monkeypatch):
    """Bot decisions are saved at least once a second, not only at the end."""
    import bgkit.engine.match as engine

    clock = iter(range(0, 10_000, 2))  # every call: two seconds later
    monkeypatch.setattr(engine.time, "monotonic", lambda: next(clock))
    save = tmp_path / "save.json"
    match = build_match(goofspiel, ["random", "random"], ["a", "b"], 3, {"deck": "5"}, save_path=save)
    for _ in range(4):
        match.step()
    assert json.loads(save.read_text())["actions"] == match.log.actions


class HistoryRecorder:
    """A seat that keeps every history it is handed (and plays at random)."""

    wants_history = True

    def __init__(self, runtime, seed, **params):
        import random

        self.rng = random.Random(seed)
        self.seen: list[tuple[int, tuple]] = []  # (log length at the decision, its history)

    def choose(self, decision):
        self.seen.append((len(self.log), decision.history))
        return self.rng.choice(decision.actions)


@pytest.mark.parametrize("game_id,players", [("goofspiel", 3), ("bruges", 2), ("bridgetroll", 3), ("bretagne", 2)])
def test_a_seat_is_handed_its_own_history_and_nothing_it_was_not_told(registry, game_id, players):
    """Every decision's history holds each logged action once, as this seat was told it: its text if
    the seat is in its audience, else the public text (worked out here from the State API alone, not
    from the engine's narrator); a sealed choice is shown in full only after its stage has ended."""
    from bgkit.sessions.build import core_bots
    from bgkit.plugins.registry import BotInfo

    game = registry.load_game(game_id)
    bots = {**core_bots(), "recorder": BotInfo("recorder", HistoryRecorder, "", "tests")}
    specs = ["recorder"] + ["random"] * (players - 1)
    match = build_match(game, specs, [f"P{i + 1}" for i in range(players)], 11, {o.name: o.default for o in game.options}, bots=bots)
    recorder = match.seats[0]
    recorder.log = match.log.actions
    match.play()
    assert recorder.seen, "the recorder never decided"
    # What seat 0 may be told of each action, from the State API: replay the log.
    state = game.new_state(match.log.setup)
    told, private_seen = [], 0
    sealed: list = []
    by_length = {0: []}  # what seat 1 has been told once the log holds that many actions
    for number, (player, text) in enumerate(match.log.actions, start=1):
        action = state.parse_action(text)
        audience = state.audience(action)
        was_sealed = player >= 0 and state.is_sealed()
        shown = text if audience is None or 0 in audience else state.public_text(action)
        private_seen += shown != text
        told.append((number, player, shown, False))
        if was_sealed:
            sealed.append((number, player, text, True))
        state.apply(action)
        if sealed and not state.is_sealed():
            told += sealed
            sealed = []
        by_length[number] = list(told)
    for length, history in recorder.seen:
        got = [(t.number, t.player, t.text, t.reveal) for t in history]
        assert got == by_length[length], f"{game_id}: history at action {length} differs"
    if game_id != "goofspiel":
        assert private_seen, f"{game_id}: the game never hid an action from seat 1 (the test checks nothing)"


def test_a_resumed_game_hands_the_seat_its_whole_history(registry, tmp_path):
    from bgkit.engine.match import GameLog
    from bgkit.sessions.build import core_bots
    from bgkit.plugins.registry import BotInfo

    game = registry.load_game("goofspiel")
    bots = {**core_bots(), "recorder": BotInfo("recorder", HistoryRecorder, "", "tests")}
    whole = build_match(game, ["recorder", "random"], ["A", "B"], 4, {"deck": "5"}, bots=bots)
    whole.seats[0].log = whole.log.actions
    whole.play()
    cut = GameLog.from_dict({**whole.log.to_dict(), "actions": whole.log.actions[:7], "result": None})
    resumed = build_match(game, ["recorder", "random"], ["A", "B"], 4, {"deck": "5"}, bots=bots, log=cut)
    resumed.seats[0].log = resumed.log.actions
    resumed.play()  # its bots start afresh, so the game may go another way from here
    assert resumed.log.actions[:7] == whole.log.actions[:7]
    first_after = next(h for length, h in whole.seats[0].seen if length >= 7)
    assert resumed.seats[0].seen[0][1] == first_after
