"""The words of `bp play`'s page, in the language of bp's messages (gettext: toolchain/locale), sent with the page.

The page is static/index.html with `{{name}}` where a word of PAGE goes (its text, an attribute, `{{lang}}` the
language's tag) and a JSON object of SCRIPT's words that play.js reads from `<script id="words">`, filling each
`{placeholder}` itself: a Japanese and an English player each read their own language. What the game asks and
offers is the edition's (rules.yaml `prompts`, the programs' words), not these.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from ..i18n import N_, _, language

# The page's own words, by the name index.html gives them.
PAGE: dict[str, str] = {
    "title": N_("BlackPoker playtest"),
    "heading": N_("Playtest"),
    "actions": N_("Actions"),
    "undo": N_("Undo"),
    "undo_key": N_("Undo (U)"),
    "new_game": N_("New game"),
    "make_position": N_("Set up a position"),
    "view_transcript": N_("View a transcript"),
    "save": N_("Save"),
    "keep_example": N_("Keep this position as an example"),
    "restart_rules": N_("Start again with the new rules"),
    "reveal": N_("Show"),
    "transcript": N_("Transcript"),
    "first_step": N_("To the start"),
    "step_back": N_("One move back (←)"),
    "step_next": N_("One move on (→)"),
    "last_step": N_("To the end"),
    "viewpoint": N_("Seen by"),
    "take_over": N_("Play from here"),
    "game": N_("Game"),
    "keys_hint": N_("Keys: an option's number chooses it (from 10 on, type the whole number and press Enter); U undoes."),
    "refused": N_("Actions that cannot be requested"),
    "board": N_("Board"),
    "log": N_("Log"),
    "regulation": N_("Regulation"),
    "seed": N_("Seed"),
    "seats": N_("Players"),
    "you_vs_ai": N_("You against the AI"),
    "two_people": N_("Two people (one screen)"),
    "first": N_("First player"),
    "first_by_rules": N_("As the rules decide who goes first (the top cards of the lives compared)"),
    "p1_you": N_("P1 (you)"),
    "first_hint": N_("With a first player chosen, the rules do not decide who goes first: the game starts with the side chosen."),
    "cancel": N_("Cancel"),
    "start": N_("Start"),
    "position_hint": N_("Written as an example's <code>given:</code> is (definitions/README.md). <code>you</code> is P1 and starts with the chance of the turn."),
    "position": N_("Position"),
    "start_here": N_("Start from this position"),
    "saved_transcript": N_("Saved transcript"),
    "or_file": N_("Or a file (its path in the repository)"),
    "load": N_("Load"),
    "example_hint": N_("Choose the next request and the choices inside it. Passing is done for you."),
    "example_yaml": N_("Example (YAML)"),
    "copy": N_("Copy"),
    "close_dialog": N_("Close"),
}

# The words play.js writes, by the name it asks for them (`word("cards", {count: 3})`).
SCRIPT: dict[str, str] = {
    "cover_turn": N_("It is {name}'s turn. Hand the screen over."),
    "option_cost": N_("{text} (cost {cost})"),
    "choosing_cards": N_("choose {wanted} cards, {chosen} chosen"),
    "choosing_items": N_("choose {wanted}, {chosen} chosen"),
    "range": N_("{least}–{most}"),
    "from_position": N_("{regulation} · from a position"),
    "with_seed": N_("{regulation} · seed {seed}"),
    "rules_failing": N_("The definitions saved do not pass bp check. The game goes on with the rules before:"),
    "rules_newer": N_("The definitions were saved. You can start again with the new rules, keeping this position."),
    "replay_step": N_("{step} / {steps} moves"),
    "rule_system": N_("the rule system"),
    "status_turn": N_("turn {number} ({side})"),
    "status_chance": N_("chance: {side}"),
    "status_passed": N_("pass record: {sides}"),
    "status_first": N_("first player: {side}"),
    "status_stage": N_("stage: {count}"),
    "status_winner": N_("win-loss check: {side} wins (turn {number})"),
    "joined": N_(" · "),
    "listed": N_(", "),
    "none": N_("none"),
    "game_over": N_("Game over"),
    "waiting": N_("{side}'s turn"),
    "prompt_choosing": N_("{prompt} ({choosing})"),
    "zone_of": N_("{owner}: {zone}"),
    "cards": N_("{count} cards"),
    "life_many": N_("10 cards or more"),
    "life": N_("Life"),
    "hand": N_("Hand"),
    "graveyard": N_("Graveyard"),
    "graveyard_top": N_("top {card}"),
    "field": N_("Field"),
    "driven": N_("{card} (driven)"),
    "size": N_("{card} size {size}"),
    "fog": N_("Fog"),
    "trump": N_("Trumps"),
    "pack": N_("Pack"),
    "opened": N_("(opened)"),
    "rare": N_("Rare cards"),
    "known": N_("Cards seen"),
    "stage": N_("Stage"),
    "example_passes": N_('bp check runs this example as it is, and it passes. Paste it under examples: of "{action}" in {where}.'),
    "example_fails": N_("This example fails bp check: {problem}"),
    "copied": N_("(copied)"),
    "choose_saved": N_("(choose)"),
    "typed": N_("number {number}: Enter chooses it"),
}

_PLACE = re.compile(r"\{\{(\w+)\}\}")
_MARKUP = frozenset({"position_hint"})  # words that hold markup of their own (<code>), written as they are


def script_words() -> dict[str, str]:
    return {name: _(text) for name, text in SCRIPT.items()}


def page(template: Path) -> bytes:
    """index.html with its words in the messages' language, and play.js's words beside them."""
    words = json.dumps(script_words(), ensure_ascii=False).replace("<", "\\u003c")  # never closes its <script>

    def word(found: re.Match[str]) -> str:
        name = found.group(1)
        if name == "lang":
            return language()
        if name == "script_words":
            return words
        text = _(PAGE[name])
        return text if name in _MARKUP else html.escape(text)

    return _PLACE.sub(word, template.read_text(encoding="utf-8")).encode("utf-8")
