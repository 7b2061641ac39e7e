"""The words a screen says: which line of text is a go-on control, a never-press control, a title.

The word lists live in one data file beside this module, `wordlists.json` (shipped in the wheel),
each word with its language: `go_on` (a control that goes on to the next level), `go_on_in_panel`
(goes on only inside a proven level-complete panel, such as 确定 / OK), `complete` (the title of
a level-complete screen), `never` (a control that must never be pressed: share, rank, hint,
SOS, help, replay, return, more games, ads, pay) and `start` (a start-up screen's control).
A user adds words of their own to a list with `WordLists.with_words` (`play --go-on-words`,
`--never-words`, or the settings file: docs/bot.md).

Matching forgives what OCR usually gets wrong and nothing more: both sides are compared as their
letters only (NFKC, so full-width letters and punctuation count as their plain forms; case
folded; spaces, punctuation, symbols and digits dropped: "NEXTLEVEL", "Next Level 5 ▶" and
"ｎｅｘｔ　ｌｅｖｅｌ" all read as `nextlevel`). Then

- a line is *vetoed* when it holds a never-press word anywhere: "重玩 (3次机会)", "获取提示",
  "Continue (watch ads)" are never pressed, whatever else they say;
- a line is a *control* of a kind (go-on, start) when it holds one of the kind's words and at
  most `LABEL_SLACK` letters more (a button's label, not a sentence that mentions the word);
  Latin words shorter than `SHORT_LATIN` letters must be the whole line ("OK" is not "look");
- a line is a *title* when it holds a title word and at most as many letters more again as the
  word has (at least `TITLE_SLACK`): "Stage 3 Clear!", "恭喜你过关了".

A vetoed line is never a control nor a title; the word lists are tested so that no never-press
word is held by a go-on, start or title word (which would make that word unpressable) and no
never-press word reads as a go-on control.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

from onestroke.solver.errors import OnestrokeError

LABEL_SLACK = 3  # letters a button's label may hold beyond its word ("点击继续", "Next ▶" -> 0)
TITLE_SLACK = 4  # at least this many letters a title line may hold beyond its word
SHORT_LATIN = 4  # Latin words shorter than this are matched only as the whole line ("OK")
DATA_FILE = "wordlists.json"
USER_LANG = "user"  # the language of a word the user added (a profile's, the settings file's)


class Kind(str, Enum):
    """What a word says about the control or screen it is on (the data file's list names)."""

    GO_ON = "go_on"
    GO_ON_IN_PANEL = "go_on_in_panel"
    COMPLETE = "complete"
    NEVER = "never"
    START = "start"


class WordListError(OnestrokeError):
    """A word list that cannot be used: the message names the file and the bad entry."""


@dataclass(frozen=True)
class Term:
    """One word of a list: its text as written, its language (BCP 47) and its compared form."""

    text: str
    lang: str
    letters: str

    @property
    def short_latin(self) -> bool:
        return self.letters.isascii() and len(self.letters) < SHORT_LATIN


@dataclass(frozen=True)
class WordLists:
    """Every list of the data file, by kind."""

    lists: dict[Kind, tuple[Term, ...]]

    def of(self, kind: Kind) -> tuple[Term, ...]:
        return self.lists[kind]

    def vetoing(self, line: str) -> Term | None:
        """The never-press word `line` holds, or None."""
        letters = letters_of(line)
        return next((w for w in self.of(Kind.NEVER) if w.letters in letters), None)

    def label(self, line: str, kind: Kind) -> Term | None:
        """The word of `kind` that `line` is the label of (a button's text), or None; None if vetoed."""
        if self.vetoing(line) is not None:
            return None
        letters = letters_of(line)
        return next((w for w in self.of(kind) if _labels(letters, w)), None)

    def with_words(self, kind: Kind, texts: Sequence[str], lang: str = USER_LANG) -> WordLists:
        """These lists with the user's own `texts` added to `kind` (a profile's or the settings
        file's go-on or never-press words), each checked as the data file's words are."""
        if not texts:
            return self
        added = tuple(_word({"text": t, "lang": lang}, f"your {kind.value} words: {t!r}") for t in texts)
        return WordLists({**self.lists, kind: (*added, *self.lists[kind])})

    def title(self, line: str) -> Term | None:
        """The level-complete title `line` says, or None; never on a vetoed line."""
        if self.vetoing(line) is not None:
            return None
        letters = letters_of(line)
        return next((w for w in self.of(Kind.COMPLETE) if _titles(letters, w)), None)


def letters_of(text: str) -> str:
    """`text` as it is compared: NFKC, case folded, letters only (no spaces, punctuation, symbols, digits)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if unicodedata.category(ch).startswith("L"))


def _labels(letters: str, word: Term) -> bool:
    if word.short_latin:
        return letters == word.letters
    return word.letters in letters and len(letters) - len(word.letters) <= LABEL_SLACK


def _titles(letters: str, word: Term) -> bool:
    if word.short_latin:
        return letters == word.letters
    return word.letters in letters and len(letters) - len(word.letters) <= max(TITLE_SLACK, len(word.letters))


@cache
def word_lists() -> WordLists:
    """The project's word lists (`wordlists.json` beside this module), read once."""
    source = resources.files("onestroke.bot.vision") / DATA_FILE
    return parse_word_lists(json.loads(source.read_text(encoding="utf-8")), DATA_FILE)


def parse_word_lists(data: Any, source: str) -> WordLists:
    """Word lists from the data file's JSON: for every kind, a list of `{"text", "lang"}`."""
    if not isinstance(data, dict):
        raise WordListError(f"{source}: the word lists must be a JSON object, not {type(data).__name__}")
    lists: dict[Kind, tuple[Term, ...]] = {}
    for kind in Kind:
        entries = data.get(kind.value)
        if not isinstance(entries, list):
            raise WordListError(f"{source}: {kind.value!r} must be a list of words")
        lists[kind] = tuple(_word(entry, f"{source}: {kind.value}[{i}]") for i, entry in enumerate(entries))
    return WordLists(lists)


def _word(entry: Any, where: str) -> Term:
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("text"), str)
        or not isinstance(entry.get("lang"), str)
    ):
        raise WordListError(f'{where}: {entry!r} must be {{"text": ..., "lang": ...}}')
    letters = letters_of(entry["text"])
    if not letters:
        raise WordListError(f"{where}: {entry['text']!r} has no letters to compare")
    return Term(entry["text"], entry["lang"], letters)
