"""The steps of the effect language: general primitives that move cards, change characters and
requests, ask players to choose, and control the flow (if, for each, repeat, stop).

Each step is a mapping whose one primitive key holds the main argument and whose sibling keys
hold its options, e.g. `{move: key, to: fog}` or `{if: …, then: […], else: […]}`. An effect
does what it can (2.10.4): moving what is not there moves nothing, 5 damage with 1 card of
life is 1 damage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..i18n import _
from ..model import effect_language as lang
from . import abilities, operations as ops
from .budget import REPEAT_ROUNDS
from .errors import EngineLoop, Stop
from .cards import owner_of
from .draws import shuffle
from .language import ENGINE, INSTRUMENT, Compiler, Ctx, Items, Path, _characters, cards_of, form_of
from .state import Character, Modifier, Request, State

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Step = Callable[[Ctx], None]

class ProgramCompiler(Compiler):
    """Compiles steps: the primitive `name` of the statement (lang.STEP_FAMILY, with its options) by `p_name`."""

    PRIMITIVES: ClassVar[tuple[str, ...]] = lang.STEP_FAMILY.form_names  # the statement's, not a second list

    def steps(self, node: list, path: Path) -> Step:
        compiled = [self.step(item, path + (i,)) for i, item in enumerate(node)]
        if len(compiled) == 1:
            return compiled[0]

        def run(ctx: Ctx) -> None:
            for step in compiled:
                step(ctx)
        return run

    def step(self, node: dict, path: Path) -> Step:
        return getattr(self, "p_" + form_of(node, lang.STEP_FAMILY))(node, path)

    def subjects(self, step: str, node: object, path: Path) -> Items:
        """The items a step acts on, without the characters an ability in force stops it for (prohibit: 「…アクションの効果で
        キャラクターをチャージ状態にすることができない」)."""
        items = self.items(node, path)
        here = path[:-1]  # the step itself
        options = self.known.get(ENGINE, set())
        if not options:
            return items  # no ability prohibits, and no example records: the items as they are
        instrument = INSTRUMENT in options

        def allowed(ctx: Ctx) -> list:
            found = items(ctx)
            if instrument and ctx.game.tally is not None:
                ctx.game.tally.aim(ctx.request.action.id, here, bool(found))
            if not ctx.request.barred:
                return found
            return [item for item in found if not (isinstance(item, Character) and abilities.bars_character(ctx, step, item))]
        return allowed

    # -- moving cards -----------------------------------------------------------------------
    def p_move(self, node: dict, path: Path) -> Step:
        items = self.subjects("move", node["move"], path + ("move",))
        zone = self.card_zone(node["to"], path + ("to",))
        seat = self.player(node["player"], path + ("player",)) if "player" in node else None
        at = node.get("at", "top")
        order = self.player(node["order"], path + ("order",)) if "order" in node else None
        name = self.declare(node["as"], "items", path + ("as",)) if "as" in node else None
        shown_to = self.player(node["show"], path + ("show",)) if "show" in node else None

        public_top = zone == "graveyard" and at == "top" and order is None  # 任意の順 orders them all itself

        def move(ctx: Ctx) -> None:
            state, moved = ctx.state, []
            before = ctx.game.graveyards() if public_top else ()
            destination = seat(ctx) if seat else None
            cards: list[int] = []
            for item in items(ctx):
                if isinstance(item, Character):
                    if state.character(item.id) is None:
                        continue
                    sequence = _ordered(ctx, list(item.cards), order) if order else None
                    moved += ops.move_character(ctx.game, item, zone, destination, at, sequence)
                elif isinstance(item, int):
                    cards.append(item)
            if order and len(cards) > 1:
                cards = _ordered(ctx, cards, order)
            moved += ops.move(ctx.game, cards, zone, destination, at)
            if public_top:
                ctx.game.graveyard_tops(before)
            if shown_to:
                _learn(ctx, shown_to(ctx), moved)
            if name:
                ctx.set(name, moved)
        return move

    def p_summon(self, node: dict, path: Path) -> Step:
        items = self.items(node["summon"], path + ("summon",))
        component = node["character"]
        if component not in ("soldier", "bulwark") and component not in self.known["characters"]:
            raise self.fail(path + ("character",), _("'{component}' is not a character id (or soldier, bulwark)").format(component=component))
        driven, each = node["state"] == "driven", bool(node.get("each", False)) or component == "bulwark"

        def summon(ctx: Ctx) -> None:
            cards = cards_of([i for i in items(ctx) if isinstance(i, int)])
            groups = [[c] for c in cards] if each else ([cards] if cards else [])
            for group in groups:
                kind = ctx.game.ruleset.component_for(group, component)
                if kind is None:
                    continue  # no character of this format is made of these cards: they stay where they are
                sources = [ops.take(ctx.game, c) for c in group]
                ops.new_character(ctx.game, group, kind, ctx.you, driven=driven)
                for card, (zone, seat) in zip(group, sources):
                    ctx.state.events.append(("moved", card, zone, seat, ops.FIELD))
        return summon

    def p_attach(self, node: dict, path: Path) -> Step:
        items, onto = self.items(node["attach"], path + ("attach",)), self.items(node["to"], path + ("to",))

        def attach(ctx: Ctx) -> None:
            hosts = _characters(onto(ctx))
            cards = [i for i in items(ctx) if isinstance(i, int)]
            if not hosts or not cards:
                return
            host = hosts[0]
            for card in cards:
                zone, seat = ops.take(ctx.game, card)
                host.cards.append(card)
                ctx.state.events.append(("moved", card, zone, seat, ops.FIELD))
            host.component = ctx.game.ruleset.component_for(host.cards, "soldier") or host.component
        return attach

    def p_transform(self, node: dict, path: Path) -> Step:
        items = self.subjects("transform", node["transform"], path + ("transform",))
        into = node["into"]

        def transform(ctx: Ctx) -> None:
            for character in _characters(items(ctx)):
                if character.kind == into or ctx.state.character(character.id) is None:
                    continue
                groups = [[c] for c in character.cards] if into == "bulwark" else [list(character.cards)]
                kinds = [ctx.game.ruleset.component_for(g, into) for g in groups]
                if None in kinds:
                    continue
                # 2.8.3 / リバース: new characters, without the old one's effects and roles; a character
                # that came onto the field this turn stays one that came this turn.
                ops.leave_field(ctx.game, character)
                for group, kind in zip(groups, kinds):
                    ops.new_character(ctx.game, group, kind, character.controller, driven=character.driven, entered=character.entered)
        return transform

    def p_charge(self, node: dict, path: Path) -> Step:
        items = self.subjects("charge", node["charge"], path + ("charge",))

        def charge(ctx: Ctx) -> None:
            for character in _characters(items(ctx)):
                character.driven = False
        return charge

    def p_drive(self, node: dict, path: Path) -> Step:
        items = self.subjects("drive", node["drive"], path + ("drive",))
        name = self.declare(node["as"], "items", path + ("as",)) if "as" in node else None

        def drive(ctx: Ctx) -> None:
            driven = []
            for character in _characters(items(ctx)):
                if not character.driven:
                    character.driven = True
                    driven.append(character)
            if name:
                ctx.set(name, driven)
        return drive

    # -- life and hand ----------------------------------------------------------------------
    def p_damage(self, node: dict, path: Path) -> Step:
        who, amount = self.player(node["damage"], path + ("damage",)), self.number(node["amount"], path + ("amount",))
        instrument = INSTRUMENT in self.known.get(ENGINE, set())

        def damage(ctx: Ctx) -> None:
            seat = who(ctx)
            if instrument and ctx.game.tally is not None:
                ctx.game.tally.aim(ctx.request.action.id, path, seat >= 0)
            if seat >= 0 and not (ctx.request.barred and abilities.bars_player(ctx, "damage", seat)):
                before = ctx.game.graveyards()
                ops.damage(ctx.state, seat, amount(ctx))
                ctx.game.graveyard_tops(before)
        return damage

    def p_draw(self, node: dict, path: Path) -> Step:
        count = self.number(node["draw"], path + ("draw",))
        who = self.player(node.get("player", "you"), path + ("player",))

        def draw(ctx: Ctx) -> None:
            seat = who(ctx)
            if not (ctx.request.barred and abilities.bars_player(ctx, "draw", seat)):
                ops.draw(ctx.state, seat, count(ctx))
        return draw

    def p_reveal(self, node: dict, path: Path) -> Step:
        count = self.number(node["reveal"], path + ("reveal",))
        who = self.player(node.get("player", "you"), path + ("player",))
        name = self.declare(node["as"], "items", path + ("as",))

        def reveal(ctx: Ctx) -> None:
            seat = who(ctx)
            life = ctx.state.players[seat].life
            cards = []
            for _drawn in range(max(0, min(count(ctx), len(life)))):
                card = life.pop()
                ctx.request.revealed.append(card)
                ctx.state.events.append(("moved", card, "life", seat, ops.STAGE))
                cards.append(card)
            ctx.set(name, cards)
        return reveal

    def p_shuffle(self, node: dict, path: Path) -> Step:
        zone = self.card_zone(node["shuffle"], path + ("shuffle",))
        who = self.player(node.get("player", "you"), path + ("player",))
        return lambda ctx: shuffle(ctx.game.rng, ctx.state.players[who(ctx)].zone(zone))

    # -- choices ----------------------------------------------------------------------------
    def p_choose(self, node: dict, path: Path) -> Step:
        items = self.items(node["choose"], path + ("choose",))
        name = self.declare(node["as"], "items", path + ("as",))
        by = self.player(node.get("by", "you"), path + ("by",))
        prompt = str(node.get("prompt", ""))  # none worded: the edition's (rules.yaml prompts.choose)
        low = self.number(node.get("count", node.get("min", 1)), path + ("count" if "count" in node else "min",))
        if "count" in node:
            high = low
        elif node.get("max") == "all":
            high = None
        else:
            high = self.number(node.get("max", 1), path + ("max",))

        look = bool(node.get("look"))

        def choose(ctx: Ctx) -> None:
            candidates = items(ctx)
            most = len(candidates) if high is None else min(high(ctx), len(candidates))
            least = min(low(ctx), most)
            chooser = by(ctx)
            if look:
                _learn(ctx, chooser, candidates)
            ctx.set(name, choose_items(ctx.game, chooser, candidates, least, most, prompt or ctx.game.ruleset.prompts.choose))
        return choose

    def p_choose_one(self, node: dict, path: Path) -> Step:
        compiled = []
        for i, option in enumerate(node["choose_one"]):
            here = path + ("choose_one", i)
            condition = self.cond(option["if"], here + ("if",)) if "if" in option else None
            compiled.append((str(option["label"]), condition, self.steps(option["do"], here + ("do",))))
        by = self.player(node.get("by", "you"), path + ("by",))
        prompt = str(node.get("prompt", ""))  # none worded: the edition's (rules.yaml prompts.choose)

        def choose_one(ctx: Ctx) -> None:
            open_ = [(label, run) for label, condition, run in compiled if condition is None or condition(ctx)]
            if not open_:
                return
            index = ctx.game.decide(by(ctx), "option", prompt or ctx.game.ruleset.prompts.choose, [label for label, _ in open_])
            open_[index][1](ctx)
        return choose_one

    # -- control ----------------------------------------------------------------------------
    def p_if(self, node: dict, path: Path) -> Step:
        condition = self.cond(node["if"], path + ("if",))
        then = self.steps(node["then"], path + ("then",))
        otherwise = self.steps(node["else"], path + ("else",)) if "else" in node else None

        def if_(ctx: Ctx) -> None:
            if condition(ctx):
                then(ctx)
            elif otherwise:
                otherwise(ctx)
        return if_

    def p_for_each(self, node: dict, path: Path) -> Step:
        items = self.items(node["for_each"], path + ("for_each",))
        name = self.declare(node["as"], "items", path + ("as",))
        body = self.steps(node["do"], path + ("do",))

        def for_each(ctx: Ctx) -> None:
            for item in items(ctx):
                ctx.set(name, [item])
                body(ctx)
        return for_each

    def p_repeat(self, node: dict, path: Path) -> Step:
        body = self.steps(node["repeat"], path + ("repeat",))
        until = self.cond(node["until"], path + ("until",)) if "until" in node else None

        if until is None and not _stops(node["repeat"]):
            raise self.fail(path + ("repeat",), _("a repeat with neither until nor a stop inside never ends"))

        def repeat(ctx: Ctx) -> None:
            for _round in range(REPEAT_ROUNDS):
                body(ctx)
                if until and until(ctx):
                    return
            action = ctx.request.action.action
            raise EngineLoop(action, ("program", *path, "until"), _("{action}: the repeat ran {rounds} rounds without its until holding or a stop (a broken program)").format(
                action=action.name, rounds=REPEAT_ROUNDS))
        return repeat

    def p_stop(self, node: dict, path: Path) -> Step:
        def stop(ctx: Ctx) -> None:
            raise Stop()
        return stop

    def p_set(self, node: dict, path: Path) -> Step:
        compiled = []
        for name, value in node["set"].items():
            kind, fn = self.value(value, path + ("set", name))
            compiled.append((self.declare(name, kind, path + ("set", name)), fn))

        def set_(ctx: Ctx) -> None:
            for name, fn in compiled:
                ctx.set(name, fn(ctx))
        return set_

    # -- characters, requests, trumps -------------------------------------------------------
    def p_modify_size(self, node: dict, path: Path) -> Step:
        subject = node["modify_size"]
        amount = self.number(node["by"], path + ("by",))  # until: end-of-turn, the one duration there is
        if subject in ("your", "all"):
            scope = subject

            def modify_scope(ctx: Ctx) -> None:
                state = ctx.state
                state.modifiers.append(Modifier(scope, ctx.you if scope == "your" else None, amount(ctx), state.new_id()))
            return modify_scope
        items = self.subjects("modify_size", subject, path + ("modify_size",))

        def modify(ctx: Ctx) -> None:
            state, value = ctx.state, amount(ctx)
            for character in _characters(items(ctx)):
                state.modifiers.append(Modifier("this", character.id, value, state.new_id()))
        return modify

    def p_negate(self, node: dict, path: Path) -> Step:
        items = self.items(node["negate"], path + ("negate",))

        def negate(ctx: Ctx) -> None:
            for request in _on_stage(items(ctx), ctx.state):
                ctx.game.negate(request)
        return negate

    def p_retarget(self, node: dict, path: Path) -> Step:
        items = self.items(node["retarget"], path + ("retarget",))
        by = self.player(node.get("by", "you"), path + ("by",))

        def retarget(ctx: Ctx) -> None:
            for request in _on_stage(items(ctx), ctx.state):
                ctx.game.retarget(request, by(ctx))
        return retarget

    def p_pass_turn(self, node: dict, path: Path) -> Step:
        return lambda ctx: ctx.game.pass_turn()

    def p_request(self, node: dict, path: Path) -> Step:
        action = self.known_id(node["request"], "actions", path + ("request",))
        keys = self.items(node["keycards"], path + ("keycards",)) if "keycards" in node else None
        target_items: Items | None = None
        target_player: Callable[[Ctx], int] | None = None
        if "target" in node:  # items or a player (the requested action's target kind says which is used)
            named, here = node["target"], path + ("target",)
            if isinstance(named, str) and named.startswith("$"):
                kind = self.vars.get(named[1:], "items")
                target_player, target_items = (self.player(named, here), None) if kind == "player" else (None, self.items(named, here))
            elif (isinstance(named, str) and named in lang.PLAYERS.word_names) or (
                    isinstance(named, dict) and any(key in lang.PLAYERS.form_names for key in named)):
                target_player = self.player(named, here)
                if named in lang.ITEMS_FAMILY.word_names:  # `target`: the current target, a player or items
                    target_items = self.items(named, here)
            else:
                target_items = self.items(named, here)
        pay = bool(node.get("cost", True))

        def request(ctx: Ctx) -> None:
            spec = ctx.game.ruleset.action_by_id.get(action)
            if spec is None:
                return  # not an action of the regulation played
            found_keys = keys(ctx) if keys is not None else []
            target = None
            if spec.target is not None and (target_items is not None or target_player is not None):
                if spec.target.kind in ("player", "opponent"):
                    seat = target_player(ctx) if target_player is not None else -1
                    if seat < 0:
                        return  # the target named is no player: the request is not made
                    target = ("player", seat)
                else:
                    given = [_as_target(item) for item in (target_items(ctx) if target_items is not None else [])]
                    if not given or given[0] is None:
                        return  # the target named is not there: the request is not made
                    target = given[0]
            made = ctx.game.request_from_effect(spec, ctx.you, found_keys, target, pay)
            if made is not None:
                ctx.state.requested.append(made)
        return request

    def p_after_triggers(self, node: dict, path: Path) -> Step:
        steps = self.steps(node["after_triggers"], path + ("after_triggers",))

        def later(ctx: Ctx) -> None:
            ctx.state.deferred.append((ctx.request, dict(ctx.vars), steps))
        return later

    def p_set_role(self, node: dict, path: Path) -> Step:
        items = self.subjects("set_role", node["set_role"], path + ("set_role",))
        role = node["role"]
        of = self.items(node["of"], path + ("of",)) if "of" in node else None  # given exactly for a blocker

        def set_role(ctx: Ctx) -> None:
            attacker = _characters(of(ctx)) if of else []
            for character in _characters(items(ctx)):
                character.role = None if role == "none" else role
                character.blocking = attacker[0].id if attacker else None
        return set_role

    def p_flip(self, node: dict, path: Path) -> Step:
        items = self.subjects("flip", node["flip"], path + ("flip",))
        up = node["face"] == "up"
        lock = "lock" in node  # only with face: down

        def flip(ctx: Ctx) -> None:
            for item in items(ctx):
                if isinstance(item, Character):
                    item.face_down = not up
                    continue
                player = ctx.state.players[owner_of(item)]
                if item in player.trump:
                    if up and item not in player.locked:
                        player.trumps_up.add(item)
                    elif not up:
                        player.trumps_up.discard(item)
                        if lock:
                            player.locked.add(item)
                elif item in player.pack:
                    player.pack_open = up
        return flip


def _as_target(item: object) -> tuple[str, int] | None:
    """An item as a request's target: a character, a request, or a card (a trump)."""
    if isinstance(item, Character):
        return ("character", item.id)
    if isinstance(item, Request):
        return ("request", item.id)
    if isinstance(item, int):
        return ("trump", item)
    return None


def run_deferred(game: Game) -> None:
    """The steps that waited for the triggers of their resolution to be handled (after_triggers), in order."""
    waiting, game.state.deferred = game.state.deferred, []
    for request, values, steps in waiting:
        ctx = Ctx(game, request, request.controller)
        ctx.vars = values
        try:
            steps(ctx)
        except Stop:
            pass


def _learn(ctx: Ctx, seat: int, items: list) -> None:
    """見せ / 見て: `seat` now knows the other player's cards among `items`, where they lie now."""
    state = ctx.state
    for item in items:
        if isinstance(item, int) and owner_of(item) != seat:
            zone = ops.zone_of(state, item)
            if zone is not None:
                state.known[seat][item] = zone


def _stops(node: object) -> bool:
    """Whether a `stop` step is anywhere inside `node` (the body of a repeat)."""
    if isinstance(node, dict):
        return "stop" in node or any(_stops(value) for value in node.values())
    if isinstance(node, list):
        return any(_stops(item) for item in node)
    return False


def choose_items(game: Game, decider: int, candidates: list, least: int, most: int, prompt: str) -> list:
    """Choose `least`–`most` of the candidates, one decision at a time (with 決定 once enough are chosen)."""
    if most >= len(candidates) and least >= len(candidates):
        return list(candidates)
    remaining, chosen = list(candidates), []  # type: list, list
    while len(chosen) < most and remaining:
        done = len(chosen) >= least  # enough chosen: the edition's word for stopping is offered last
        options: list = remaining + [game.ruleset.prompts.done_label] if done else remaining
        index = game.decide(decider, "choose", prompt, options, chosen=len(chosen), least=least, most=most)  # Choosing when read
        if done and index == len(remaining):
            break
        chosen.append(remaining.pop(index))
    return chosen


def _ordered(ctx: Ctx, cards: list[int], order: Callable[[Ctx], int]) -> list[int]:
    """任意の順: the player puts the cards one after another."""
    decider, remaining, out = order(ctx), list(cards), []
    while len(remaining) > 1:
        index = ctx.game.decide(decider, "order", ctx.game.ruleset.prompts.order, remaining)
        out.append(remaining.pop(index))
    return out + remaining


def _on_stage(items: list, state: State) -> Iterator[Request]:
    """The requests among `items` that are on the stage when reached: one that an earlier step of the same
    loop took off (negated, resolved) is passed over."""
    return (item for item in items if isinstance(item, Request) and item in state.stage)
