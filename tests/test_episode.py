"""The interactive episode: every answer checked against breadth-first search and the rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    InvalidArgumentError,
    MagneticRules,
    Move,
    Rule,
    SearchLimitError,
    State,
    solve,
)
from hanoi_magnet.episode import Episode, Mode
from hanoi_magnet.episode._speech import plural
from hanoi_magnet.notation import NOTATIONS, PegNames
from hanoi_magnet.search import legal_state_count
from tests.oracle import bfs_distance, random_legal_position
from tests.prompt_follower import PromptFollower

RULE_SETS = [
    ClassicRules(),
    MagneticRules("NNN"),
    MagneticRules("RBB"),
    MagneticRules("RNB"),
    ClassicRules(3, [(0, 1), (1, 2), (2, 0)]),  # cyclic: one-way moves
    ClassicRules(4),
    MagneticRules("NNNN"),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_every_answer_matches_the_rules_and_breadth_first_search(rules):
    """A random walk of legal and illegal moves: each feedback is the rules' verdict, the
    position the rules' result, and the distance the oracle's, after every move."""
    rng = random.Random(repr(rules))
    n = 3
    for _ in range(4):
        start = random_legal_position(rules, n, rng)
        goal = random_legal_position(rules, n, rng)
        if bfs_distance(rules, start, goal) is None:
            continue
        episode = Episode(rules, start, goal)
        assert episode.distance == bfs_distance(rules, start, goal)
        for _ in range(25):
            before = episode.position
            post = rng.randrange(rules.posts)
            stack = before.posts[post]
            disk = stack[-1] if stack and rng.random() < 0.8 else rng.randint(1, n)
            move = Move(disk, post, rng.choice([p for p in range(rules.posts) if p != post]))
            feedback = episode.play(move)
            assert feedback.rule == rules.check(before, move)
            if feedback.legal:
                assert feedback.position == rules.apply(before, move)
            else:
                assert feedback.position == before and feedback.detail
            assert feedback.distance == bfs_distance(rules, feedback.position, goal)
            assert feedback.solved == (feedback.position == goal)
            if episode.done:
                break
        assert episode.steps == sum(f.legal for f in episode.history)
        assert [f.index for f in episode.history] == list(range(episode.attempts))


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_the_optimal_moves_are_exactly_those_one_move_nearer(rules):
    rng = random.Random(7)
    for _ in range(5):
        start, goal = (random_legal_position(rules, 3, rng) for _ in range(2))
        if bfs_distance(rules, start, goal) is None:
            continue
        episode = Episode(rules, start, goal)
        here = bfs_distance(rules, start, goal)
        expected = tuple(
            move
            for move in rules.legal_moves(start)
            if here and bfs_distance(rules, rules.apply(start, move), goal) == here - 1
        )
        assert episode.optimal_moves() == expected
        assert episode.hint() == (expected[0] if expected else None)


def test_moves_are_read_in_any_notation_and_as_pairs():
    solution = list(solve("classic", 3))
    for name, notation in NOTATIONS.items():
        episode = Episode.from_variant("classic", 3, notation=name)
        for move in solution:
            text = notation.format([move], 3).strip()
            assert episode.play(text).move == move, (name, text)
        assert episode.solved
    episode = Episode.from_variant("classic", 3)
    assert episode.play((0, 2)).move == Move(1, 0, 2)
    assert episode.play((0, 2)).rule is Rule.SIZE
    assert episode.play((1, 0)).rule is Rule.EMPTY_SOURCE
    assert episode.play((5, 0)).rule is Rule.NO_SUCH_POST
    assert episode.position == State([[3, 2], [], [1]])


def test_play_takes_one_move_and_refuses_a_finished_episode():
    episode = Episode.from_variant("classic", 1)
    with pytest.raises(InvalidArgumentError, match="one move"):
        episode.play("S -> D\nS -> I")
    with pytest.raises(InvalidArgumentError, match="cannot read"):
        episode.play("hello")
    assert episode.play("S -> D").solved
    with pytest.raises(InvalidArgumentError, match="over \\(solved\\)"):
        episode.play("D -> S")
    episode.reset()
    assert (episode.steps, episode.attempts, episode.position) == (0, 0, episode.start)


def test_a_batch_turn_plays_until_the_first_illegal_move():
    episode = Episode.from_variant("classic", 3, mode="batch")
    turn = episode.turn("moves = [[1, 0, 2], [2, 0, 1], [1, 2, 1], [3, 0, 0], [1, 1, 0]]")
    assert turn.read == 5 and len(turn.feedback) == 4 and turn.unplayed == 1
    assert turn.feedback[-1].rule is Rule.SAME_POST
    assert episode.steps == 3 and episode.distance == 4
    assert turn.text().endswith("\n1 more move read was not played")


def test_a_turn_with_an_unreadable_item_reports_it_as_malformed():
    episode = Episode.from_variant("classic", 3, mode=Mode.BATCH)
    turn = episode.turn("moves = [[1, 0, 2], banana, [2, 0, 1]]")
    assert [f.rule for f in turn.feedback] == [None, Rule.MALFORMED]
    assert episode.turn("no moves at all").error


def test_a_move_turn_plays_only_the_first_move():
    episode = Episode.from_variant("classic", 3)
    turn = episode.turn("S -> D\nS -> I")
    assert len(turn.feedback) == 1 and turn.unplayed == 1 and episode.steps == 1


def test_step_mode_ends_at_the_first_move_off_an_optimal_path():
    episode = Episode.at_step("classic", 4, 5)
    assert episode.offset == 5 and episode.mode is Mode.STEP
    right = solve("classic", 4)[5]
    feedback = episode.play(right)
    assert feedback.optimal and feedback.index == 5 and not episode.done
    wrong = next(m for m in episode.legal_moves() if m not in episode.optimal_moves())
    feedback = episode.play(wrong)
    assert feedback.legal and not feedback.optimal and episode.failed and episode.done
    with pytest.raises(InvalidArgumentError, match="failed"):
        episode.play(right)
    illegal = Episode.at_step("classic", 4, 5)
    assert not illegal.play(Move(4, 0, 1)).legal and illegal.failed


def test_the_step_k_task_on_nnn_with_14_disks():
    solution = solve("NNN", 14)
    assert solution.length == 1_449_876
    for k in (0, 1, 999_999, 1_000_000, 1_449_875):
        episode = Episode.at_step("NNN", 14, k)
        assert episode.distance == solution.length - k
        assert solution[k] in episode.optimal_moves()
        assert episode.play(solution[k]).optimal
    assert Episode.at_step("NNN", 14, solution.length).solved
    with pytest.raises(InvalidArgumentError, match="at most"):
        Episode.at_step("NNN", 14, solution.length + 1)


def test_three_posts_need_no_search_at_any_size():
    episode = Episode.from_variant("NNN", 200, max_states=1)
    assert episode.distance == solve("NNN", 200).length
    assert episode.play(episode.hint()).distance == episode.initial_distance - 1


def test_four_posts_are_refused_at_once_beyond_the_limit():
    rules = ClassicRules(4)
    size = legal_state_count(rules, 5)
    start, goal = State.tower(5, posts=4), State.tower(5, 3, posts=4)
    assert Episode(rules, start, goal, max_states=size).distance == solve("classic:4", 5).length
    with pytest.raises(SearchLimitError, match="more than max_states=1023"):
        Episode(rules, start, goal, max_states=size - 1)
    with pytest.raises(SearchLimitError):
        Episode(rules, State.tower(64, posts=4), State.tower(64, 3, posts=4))


def test_max_steps_truncates_the_episode():
    episode = Episode.from_variant("classic", 3, max_steps=2)
    episode.play((0, 1))
    assert not episode.truncated
    episode.play((0, 1))
    assert episode.truncated and episode.done


def test_an_unreachable_goal_has_no_distance():
    rules = ClassicRules(3, [(0, 1)])  # one way only
    episode = Episode(rules, State.tower(1), State.tower(1, 2))
    assert episode.distance is None and episode.hint() is None
    assert "no longer be reached" in episode.play((0, 1)).text()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((ClassicRules(), State.tower(2), State.tower(3, 2)), "2 disks but the goal has 3"),
        (("classic", State.tower(2), State.tower(2, 2)), "rules must be a Rules"),
        ((MagneticRules("RBB"), State.tower(2, face=Color.BLUE), State.tower(2)), "start"),
    ],
)
def test_bad_arguments_are_refused(arguments, message):
    with pytest.raises(InvalidArgumentError, match=message):
        Episode(*arguments)


def test_bad_options_are_refused():
    with pytest.raises(InvalidArgumentError, match="mode must be"):
        Episode.from_variant("classic", 2, mode="fast")
    with pytest.raises(InvalidArgumentError, match="pegs"):
        Episode.from_variant("classic", 2, pegs="ABC")
    with pytest.raises(InvalidArgumentError, match="max_steps"):
        Episode.from_variant("classic", 2, max_steps=0)


def test_describe_names_the_pegs_as_the_notation_does():
    text = Episode.from_variant("RNB", 2, pegs=PegNames.ONE).describe()
    assert "Peg 1 is red" in text and "Peg 3: 2, 1 (bottom to top)" in text


@st.composite
def near_goal(draw):
    """A position on three posts with up to 64 disks, a random walk from a random goal."""
    label = draw(st.sampled_from(["classic", "NNN", "RBB", "BNR", "RRB"]))
    n = draw(st.integers(1, 64))
    rules = ClassicRules() if label == "classic" else MagneticRules(label)
    where = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    goal = State(
        [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(3)],
        None if label == "classic" else [
            c if c is not None else Color.BLUE
            for c in (rules.post_colors[where[d - 1]] for d in range(1, n + 1))
        ],
    )  # fmt: skip
    state = goal
    for _ in range(draw(st.integers(0, 30))):
        options = rules.legal_moves(state)
        if not options:
            break
        state = rules.apply(state, draw(st.sampled_from(options)))
    return rules, state, goal


@settings(max_examples=60, deadline=None)
@given(near_goal())
def test_following_the_hint_reaches_the_goal_in_exactly_distance_moves(case):
    rules, start, goal = case
    episode = Episode(rules, start, goal)
    distance = episode.distance
    assert distance is not None and distance <= 30  # the walk can be undone
    while not episode.solved:
        before = episode.distance
        assert episode.play(episode.hint()).distance == before - 1
    assert episode.steps == distance


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 64), st.sampled_from(["classic", "NNN", "RBB"]), st.data())
def test_the_hint_is_one_move_nearer_from_anywhere_at_any_size(n, label, data):
    rules = ClassicRules() if label == "classic" else MagneticRules(label)
    start = random_legal_position(rules, n, random.Random(data.draw(st.integers(0, 10**6))))
    goal = solve(label, n).start if label != "classic" else State.tower(n, 2)
    episode = Episode(rules, start, goal)
    for _ in range(20):
        if episode.solved or episode.distance is None:
            break
        before = episode.distance
        assert episode.play(episode.hint()).distance == before - 1


NAMED_NOTATIONS = sorted(NOTATIONS)


def _followed(episode, prompt):
    """Play an episode to its goal with moves written as ``prompt`` says, one per turn."""
    follower = PromptFollower(prompt)
    texts = []
    while not episode.solved:
        move = episode.hint()
        text = follower.write(move.disk, move.source, move.target, index=episode.attempts)
        texts.append(text)
        feedback = episode.play(text)
        assert feedback.legal and feedback.move == move, (text, feedback.text())
    return texts


class TestSpeaksThePromptsLanguage:
    """Feedback is written in the episode's notation and peg names, counts from 1, and a move
    written as the episode's own instructions say is read back as that move."""

    @pytest.mark.parametrize("name", NAMED_NOTATIONS)
    @pytest.mark.parametrize(("label", "n"), [("classic", 3), ("RBB", 3), ("classic:4", 3)])
    def test_a_model_following_the_instructions_literally_solves_it(self, name, label, n):
        episode = Episode.from_variant(label, n, notation=name)
        for prompt in (episode.speech.turn_instructions(), episode.speech.tool_instructions("m")):
            episode.reset()
            texts = _followed(episode, prompt)
            assert episode.steps == solve(label, n).length == len(texts)

    @pytest.mark.parametrize("name", NAMED_NOTATIONS)
    def test_feedback_writes_moves_and_pegs_as_the_prompt_does(self, name):
        notation = NOTATIONS[name]
        episode = Episode.from_variant("RNB", 2, notation=name)
        pegs = notation.pegs
        for k, move in enumerate(solve("RNB", 2)):
            feedback = episode.play(move)
            text = feedback.text()
            assert feedback.item == notation.format_move(move, 3, index=k)
            first = text.splitlines()[0]
            assert first.startswith(f"move {k + 1} ({feedback.item}) is legal. After {k + 1} move")
            assert first.endswith("move:" if k == 0 else "moves:")
            for post in range(3):
                assert f"\nPeg {pegs.name_of(post)}: " in text
        assert text.endswith("the goal is reached")

    @pytest.mark.parametrize("pegs", list(PegNames))
    def test_an_illegal_move_is_explained_with_the_prompts_peg_names(self, pegs):
        episode = Episode.from_variant("classic", 2, pegs=pegs)
        name = {post: f"Peg {pegs.name_of(post)}" for post in range(3)}
        empty = episode.play((1, 2))
        assert empty.rule is Rule.EMPTY_SOURCE and empty.reason == f"{name[1]} is empty"
        same = episode.play((0, 0))
        assert same.reason == f"the source and the target are both {name[0]}"
        top = episode.play(Move(2, 0, 1))
        assert top.reason == f"disk 2 is not the top disk of {name[0]}"
        for feedback in (empty, same, top):
            text = feedback.text()
            assert f"it breaks the rule '{feedback.rule.value}': {feedback.reason}." in text
            assert " post " not in text and "posts are" not in text
        assert [f.index for f in episode.history] == [0, 1, 2]
        assert episode.history[2].text().startswith("move 3 ")

    def test_one_way_moves_and_post_colours_name_the_prompts_pegs(self):
        one_way = Episode(ClassicRules(3, [(0, 1), (1, 2)]), State.tower(1), State.tower(1, 2),
                          pegs=PegNames.ONE)  # fmt: skip
        reason = one_way.play((0, 2)).reason
        assert reason == (
            "moves from Peg 1 to Peg 3 are not allowed (allowed: Peg 1 to Peg 2, Peg 2 to Peg 3)"
        )
        colour = Episode.from_variant("RRB", 1, pegs=PegNames.LETTERS)
        feedback = colour.play(Move(1, 0, 1))  # lands blue up on the red I
        assert feedback.rule is Rule.POST_COLOR and "peg Peg B" not in feedback.reason
        assert "Peg B" in feedback.reason
        assert "post I" in feedback.detail  # the API's detail keeps the library's names

    @pytest.mark.parametrize(("count", "said"), [(0, "0 moves"), (1, "1 move"), (2, "2 moves"),
                                                 (1_449_876, "1,449,876 moves")])  # fmt: skip
    def test_counts_have_their_plurals(self, count, said):
        assert plural(count, "move") == said

    def test_a_turn_counts_the_moves_it_did_not_play(self):
        episode = Episode.from_variant("classic", 3, mode="batch")
        one = episode.turn("moves = [[1, 0, 2], [2, 0, 2], [1, 2, 1]]")
        assert one.unplayed == 1 and one.text().endswith("\n1 more move read was not played")
        episode = Episode.from_variant("classic", 3)
        two = episode.turn("S->D\nS->I\nD->I")
        assert two.text().endswith("\n2 more moves read were not played")

    def test_the_answer_is_the_legal_moves_in_the_notation(self):
        for name, notation in NOTATIONS.items():
            episode = Episode.from_variant("classic", 2, notation=name)
            made = list(solve("classic", 2))
            episode.play(made[0])
            episode.play((2, 0))  # illegal: empty source
            episode.play_all(made[1:])
            assert episode.answer() == notation.format(made, 3)

    @pytest.mark.parametrize("name", ["moves-list", "json"])
    def test_one_move_of_a_list_notation_is_read_alone(self, name):
        episode = Episode.from_variant("classic", 3, notation=name)
        item = NOTATIONS[name].format_move(Move(1, 0, 2), 3)
        assert episode.play(item).move == Move(1, 0, 2)

    def test_a_move_in_another_notation_is_read_whatever_the_prompt_asked(self):
        """'S->D' in an episode asked for letters is the move S to D (compliance with the
        asked format is reported by the scorer, not by refusing the move)."""
        episode = Episode.from_variant("classic", 3, notation="letter-arrows")
        feedback = episode.play("S->D")
        assert feedback.legal and feedback.move == Move(1, 0, 2)


class TestInputs:
    """Whatever is given to play(), a library error (an InvalidArgumentError, which is both a
    ValueError and a TypeError), never a raw one."""

    @pytest.mark.parametrize(
        "bad", [None, 12, 3.5, (0,), (0, 1, 2), (0, 1.0), [0, 1], ("0", "1"), (True, 1), b"S->D"]
    )
    def test_play_refuses_what_is_not_a_move(self, bad):
        episode = Episode.from_variant("classic", 3)
        with pytest.raises(InvalidArgumentError, match="a move is a Move, a \\(source, target\\)"):
            episode.play(bad)
        assert episode.attempts == 0

    def test_pairs_of_any_size_are_answered_with_the_rule(self):
        episode = Episode.from_variant("classic", 3)
        for pair in ((10**30, 1), (0, 10**30), (-1, 2)):
            feedback = episode.play(pair)
            assert feedback.rule is Rule.NO_SUCH_POST and "does not exist" in feedback.text()

    @pytest.mark.parametrize("n", [64, 4_300, 15_000])
    def test_repr_and_text_at_any_size(self, n):
        episode = Episode.from_variant("classic", n)
        assert f"n={n}," in repr(episode) and "distance=" in repr(episode)
        text = episode.play(episode.hint()).text()
        assert text.endswith("moves") and len(text) < 10 * n + 500


def test_a_move_in_another_notation_with_the_prompts_pegs_is_read():
    """A prompt asked for 'A C'; 'A->C' is a move too (the scorer reports the format; the
    episode plays the move), written back as the prompt writes moves."""
    episode = Episode.from_variant("classic", 3, notation="letters")
    feedback = episode.play("A->C")
    assert feedback.move == Move(1, 0, 2) and feedback.item == "A C"
    turn = episode.turn("A->B")
    assert turn.feedback[0].move == Move(2, 0, 1) and turn.feedback[0].item == "A B"


@pytest.mark.parametrize("kept", [0, 1, 4096])
def test_speech_says_each_move_as_its_notation_writes_it_below_and_above_its_memo(
    monkeypatch, kept
):
    """The words of a move are remembered (an episode says every move it plays): with room for
    none, one or all of them, each is the notation's own, the index too where it is shown."""
    from hanoi_magnet.episode import _speech
    from hanoi_magnet.episode._speech import Speech
    from hanoi_magnet.notation import NOTATIONS

    monkeypatch.setattr(_speech, "_SAID_KEPT", kept)
    moves = [Move(1, 0, 2), Move(2, 0, 1), Move(1, 0, 2), Move(1, 2, 1), Move(2, 0, 1)]
    for name in ("library", "letter-arrows", "moves-list", "jsonl"):
        notation = NOTATIONS[name]
        speech = Speech(notation, None, 3)
        for index, move in enumerate([*moves, *moves]):
            assert speech.move(move, index) == notation.format_move(move, 3, index=index)
        assert len(speech._said) <= max(kept, 1)
    jsonl = Speech(NOTATIONS["jsonl"], None, 3)
    assert jsonl.move(Move(1, 0, 2), 4) == '{"index": 4, "disk": 1, "source": 0, "target": 2}'
    assert jsonl.move(Move(1, 0, 2), 5) == '{"index": 5, "disk": 1, "source": 0, "target": 2}'
    assert Speech(None, None, 3) == Speech(None, None, 3)  # what was said is not compared
