"""``--tokenizer SPEC`` of ``eval generate`` and ``eval score``: token budgets on the command line.

Failed before (issue 22, "Length budgets"): token budgets were API-only; neither command took
a tokenizer, and ``eval generate`` had no ``--max-answer-tokens``.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import textwrap

import pytest

from hanoi_magnet.evaluation import generate, read_jsonl
from tests.test_cli import run

TOKENS = textwrap.dedent(
    """
    import re

    def count(text):
        return len(text.split())

    def pieces(text):
        return re.findall(r"\\w+|[^\\w\\s]", text)

    def encoded(text):
        return {"input_ids": [ord(c) for c in text], "attention_mask": [1] * len(text)}

    def negative(text):
        return -1

    def words(text):
        return "many"

    def broken(text):
        raise RuntimeError("the model files are missing")

    def short_only(text):
        if len(text) > 200:
            raise RuntimeError("too long for me")
        return len(text)

    class Counter:
        @staticmethod
        def count(text):
            return len(text)

    VOCABULARY = 50_000
    """
)


@pytest.fixture
def tokens_module(tmp_path, monkeypatch):
    """A module ``hm_tokens`` (also a file ``tokens.py``) with tokenizers, good and bad."""
    (tmp_path / "hm_tokens.py").write_text(TOKENS)
    (tmp_path / "tokens.py").write_text(TOKENS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _whitespace(text: str) -> int:
    return len(text.split())


SET = ("--seed", "9", "--count", "20", "--disks", "2-6")
API = {"seed": 9, "count": 20, "disks": (2, 6)}


@pytest.mark.parametrize(
    ("spec", "tokenizer"),
    [
        ("chars", len),
        ("whitespace", _whitespace),
        ("hm_tokens:count", _whitespace),
        ("tokens.py:count", _whitespace),
        ("hm_tokens:encoded", len),  # a mapping with input_ids: their number
        ("hm_tokens:Counter.count", len),
    ],
)
def test_generate_keeps_the_instances_that_fit_the_token_budget(tokens_module, spec, tokenizer):
    status, out, err = run(
        "eval", "generate", *SET, "--tokenizer", spec, "--max-answer-tokens", "40"
    )
    assert status == 0, err
    got = list(read_jsonl(io.StringIO(out)))
    assert got == generate(**API, tokenizer=tokenizer, max_answer_tokens=40)
    assert got and all(i.answer_tokens <= 40 and i.max_answer_tokens == 40 for i in got)
    assert [i.id for i in got] != [f"9-{k}" for k in range(20)]  # some draws did not fit


def test_a_list_of_tokens_is_counted(tokens_module):
    status, out, err = run("eval", "generate", *SET, "--tokenizer", "hm_tokens:pieces")
    assert status == 0, err
    for instance in read_jsonl(io.StringIO(out)):
        assert instance.answer_tokens is not None and instance.answer_tokens > 0
        assert instance.max_answer_tokens is None


def _words(text: str) -> int:
    return len(re.findall(r"\w+|[^\w\s]", text))


def test_words_counts_words_and_punctuation():
    status, out, err = run("eval", "generate", *SET, "--tokenizer", "words")
    assert status == 0, err
    assert list(read_jsonl(io.StringIO(out))) == generate(**API, tokenizer=_words)
    assert _words("1: S -> D") == 6


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "gpt-4",
            "unknown tokenizer 'gpt-4': expected chars, whitespace, words or MODULE:CALLABLE",
        ),
        ("hm_tokens:", "unknown tokenizer"),
        ("no_such_module_here:count", "no module named 'no_such_module_here'"),
        ("missing.py:count", "no file missing.py"),
        ("hm_tokens:nothing", "hm_tokens has no attribute 'nothing'"),
        ("hm_tokens:VOCABULARY", "hm_tokens:VOCABULARY is an int, not a callable"),
        ("hm_tokens:words", "returned 'many'; expected a number of tokens"),
        ("hm_tokens:negative", "returned -1; expected a number of tokens"),
        ("hm_tokens:broken", "RuntimeError: the model files are missing"),
    ],
)
@pytest.mark.parametrize("action", ["generate", "score"])
def test_a_bad_tokenizer_is_one_line_naming_it(tokens_module, spec, message, action):
    tasks = tokens_module / "tasks.jsonl"
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers = tokens_module / "answers.jsonl"
    answers.write_text('{"id": "1-0", "answer": "S->D"}\n')
    files = ["--count", "1"] if action == "generate" else [str(tasks), str(answers)]
    status, out, err = run("eval", action, *files, "--tokenizer", spec)
    assert status == 2
    assert out == ""
    assert err.startswith(f"hanoi-magnet eval {action}: error: argument --tokenizer:")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_a_token_budget_needs_a_tokenizer():
    status, out, err = run("eval", "generate", "--count", "2", "--max-answer-tokens", "20")
    assert status == 2
    assert "--max-answer-tokens needs --tokenizer" in err
    assert out == ""


def _budgeted(tmp_path):
    tasks = tmp_path / "tasks.jsonl"
    status, _, err = run(
        "eval", "generate", "--seed", "3", "--count", "6", "--task", "solve", "--disks", "3",
        "--family", "classic", "--tokenizer", "whitespace", "--max-answer-tokens", "40",
        "-o", str(tasks),
    )  # fmt: skip
    assert status == 0, err
    with tasks.open() as lines:
        instances = list(read_jsonl(lines))
    assert instances and all(i.max_answer_tokens == 40 for i in instances)
    answers = tmp_path / "answers.jsonl"
    wordy = (
        "I think the answer is " + "very " * 50
    )  # 55 words, 271 characters without the last space
    answers.write_text("".join(json.dumps({"id": i.id, "answer": wordy}) + "\n" for i in instances))
    return tasks, answers, instances


def test_score_checks_token_budgets_with_the_tokenizer(tmp_path):
    tasks, answers, instances = _budgeted(tmp_path)
    status, out, err = run("eval", "score", str(tasks), str(answers), "--tokenizer", "whitespace")
    assert status == 0, err
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["outcome"] for r in results] == ["over-budget"] * len(instances)
    assert all("55 tokens; the budget is 40" in r["detail"] for r in results)
    assert "token budget" not in err


def test_score_says_when_token_budgets_go_unchecked(tmp_path):
    tasks, answers, instances = _budgeted(tmp_path)
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0, err
    assert all(json.loads(line)["outcome"] != "over-budget" for line in out.splitlines())
    assert (
        f"note: {len(instances)} instances have a token budget (max_answer_tokens) not checked: "
        "give --tokenizer to check it" in err
    )


def test_a_tokenizer_failing_while_scoring_is_one_line(tokens_module):
    tasks, answers, _ = _budgeted(tokens_module)
    status, _, err = run(
        "eval", "score", str(tasks), str(answers), "--tokenizer", "hm_tokens:short_only"
    )
    assert status == 6
    assert "tokenizer 'hm_tokens:short_only' failed on a text of 271 characters" in err
    assert "RuntimeError: too long for me" in err
    assert "Traceback" not in err


def test_a_module_in_the_current_folder_is_found_without_it_on_the_path(tmp_path, monkeypatch):
    """The installed ``hanoi-magnet`` (unlike ``python -m``) has no current folder on sys.path."""
    (tmp_path / "hm_here_tokens.py").write_text("def count(text):\n    return len(text)\n")
    monkeypatch.chdir(tmp_path)
    path = [p for p in sys.path if p not in ("", ".", os.getcwd())]
    monkeypatch.setattr(sys, "path", path)
    status, out, err = run(
        "eval", "generate", "--count", "2", "--tokenizer", "hm_here_tokens:count"
    )
    assert status == 0, err
    assert all('"answer_tokens": "' in line for line in out.splitlines())
    assert sys.path == path  # put back as it was
