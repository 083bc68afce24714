"""Run the examples of the definitions: a situation, a request, the situation after it resolves.

    examples:
      - name: サイズが0以下になり墓地へ
        given: {you: {hand: ♠5 ♡9}, opponent: {field: ♣4}}
        request: ★♠5 → opponent:♣4
        expect: {you: {hand: "", graveyard: ♠5 ♡9}, opponent: {field: "", graveyard: ♣4}}

The request goes through the core flow like any other ([5] costs and targets, [6], [7], then
[10] and passes until it has left the stage); the trigger check after it runs too. Every part
of the situation that `expect` does not mention must be as it was in `given`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import model as m
from ..diagnostics import Location
from ..i18n import _, ngettext
from ..model.coreflow import TRIGGER_CHECK
from ..sim import flow, Engine, Game, Tally
from ..sim.agents import Decision, ScriptedAgent, ScriptError, engine_options
from ..sim.cards import TEXT
from ..sim.errors import EngineError, EngineLoop, IllegalRequest, ProgramError
from ..sim.notation import SIDES, normalize, target_text, tokens, view
from ..sim.observation import observe, seen_zones
from ..sim.refusal import REASONS, reasons, refusal, refusals
from ..sim.requests import PASS, RequestOption, target_candidates
from ..sim.ruleset import ActionSpec
from ..sim.situation import Builder, mentioned
from ..sim.state import Request
from .views import board


@dataclass(frozen=True)
class Outcome:
    action: m.Action | None = field(repr=False)  # the example's own action (a ruling's may have none)
    example: m.Example = field(repr=False)
    ok: bool
    message: str = ""
    path: tuple = ()  # below the example, where a notation error is
    missing_action: str | None = None  # the action it names that the definitions lack
    loop: EngineLoop | None = None  # a step budget ran out: the program that loops (BP033)
    requested: tuple[str, ...] = ()  # the ids of the actions it requests, as far as it ran (its own, responses, steps)
    ruling: m.Ruling | None = field(default=None, repr=False)  # the ruling the example is of (else: the action's)

    @property
    def name(self) -> str:
        return self.example.name

    @property
    def owner(self) -> m.Action | m.Ruling:
        """What the example is written under: its ruling, or its action."""
        owner = self.ruling or self.action
        assert owner is not None  # an example is an action's, or a ruling's
        return owner

    def location(self) -> Location:
        """Where the example (or the part of it that is wrong) is written."""
        return self.example.source.location(*self.path)


class _ExampleAgent(ScriptedAgent):
    """The example's choices; the target named in the request answers the request's target decision."""

    def __init__(self, script: list, target: Any) -> None:
        super().__init__(script)
        self.target = target

    def choose(self, decision: Decision) -> int:
        options = engine_options(decision)
        if decision.kind == "target" and self.target is not None and self.target in options:
            index = options.index(self.target)
            self.target = None
            return index
        return super().choose(decision)


def default_regulation(defs: m.Definitions, action: m.Action | None) -> tuple[str, str]:
    """The regulation an example without `regulation:` is played in: the action's highest format, with the frame
    formats.yaml names (`default_frame`) when table 3.1 allows it and it has the action, else with the last frame of
    table 3.1 that allows it (and that has the action, for a frame action). Without an action (a ruling about no
    action), the widest of table 3.1."""
    return _default(defs, action)[0]


def _default(defs: m.Definitions, action: m.Action | None) -> tuple[tuple[str, str], bool]:
    """The default regulation, and whether it is the stated default frame's (else the last frame of table 3.1)."""
    formats = [f for f in defs.formats if action is None or f.id in defs.formats_of(action)] or defs.formats
    fmt = max(formats, key=lambda f: f.order).id
    frames = [fr for fr, fmts in defs.regulations.items()
              if fmt in fmts and (action is None or not action.frames or fr in action.frames)]
    if not frames:
        raise ProgramError(("examples",), _("no regulation of table 3.1 has {action}").format(action=action.name) if action else
                           _("no regulation of table 3.1 has the format {format}").format(format=fmt))
    if defs.default_frame in frames:
        return (fmt, defs.default_frame), True
    return (fmt, frames[-1]), False


def regulation_of(defs: m.Definitions, action: m.Action | None, example: m.Example) -> tuple[str, str]:
    text = example.regulation
    if not text:
        return default_regulation(defs, action)
    fmt, _plus, frame = (part.strip() for part in str(text).partition("+"))
    found_format, found_frame = defs.find_format(fmt), defs.find_frame(frame)
    if not found_format or not found_frame:
        raise ProgramError(("regulation",), _("'{text}' is not a regulation (format + frame, e.g. lite + entry20)").format(text=text))
    return found_format.id, found_frame.id


def played_in(defs: m.Definitions, action: m.Action | None, example: m.Example) -> str:
    """The regulation an example is played in and why it is that one, for a message about it:
    `マスター + エクストラ (既定: …)`."""
    (fmt, frame), stated = (regulation_of(defs, action, example), None) if example.regulation else _default(defs, action)
    title = f"{defs.format(fmt).name} + {defs.frame(frame).name}"  # type: ignore[union-attr]
    if stated is None:
        why = _("as the example's regulation: says")
    elif stated:
        why = _("default: the example states no regulation:, so the highest format of {action} with the default_frame of "
                "formats.yaml").format(action=action.name if action else _("table 3.1"))
    else:
        why = _("default: the example states no regulation:, so the highest format of {action} with the last frame of "
                "table 3.1 that has it").format(action=action.name if action else _("table 3.1"))
    return _("the regulation {regulation} ({why})").format(regulation=title, why=why)


def run(engine: Engine, action: m.Action | None, example: m.Example, tally: Tally | None = None,
        ruling: m.Ruling | None = None) -> Outcome:
    """One example of `action` (or of `ruling`, whose examples play `action` unless their request names
    another; a ruling about no action has its examples name every action they request)."""
    requested: list[str] = []  # filled as the example's requests are read

    def outcome(ok: bool, message: str, path: tuple = (), missing: str | None = None, loop: EngineLoop | None = None) -> Outcome:
        return Outcome(action, example, ok, message, path, missing, loop, tuple(requested), ruling)

    try:
        message = _run(engine, action, example, requested, tally)
    except ProgramError as exc:
        return outcome(False, str(exc), exc.path, getattr(exc, "name", None))
    except EngineLoop as exc:
        return outcome(False, str(exc), loop=exc)
    except StepFailed as exc:
        return outcome(False, str(exc), exc.path)
    except (ScriptError, IllegalRequest, EngineError) as exc:
        return outcome(False, _said(exc))
    except Exception as exc:  # noqa: BLE001 - a broken definition must not stop bp check: report it at the example
        return outcome(False, _("the engine failed: {kind}: {error}").format(kind=type(exc).__name__, error=exc))
    return outcome(message is None, message or "")


def mentioned_cards(example: m.Example) -> set[str]:
    """Every card the example writes anywhere (the filler of its situations leaves them out)."""
    written = [example.name, example.given, example.request, list(example.responses), list(example.choices), example.expect,
               list(example.steps)]
    return mentioned(written)


def _run(engine: Engine, action: m.Action | None, example: m.Example, requested: list[str],
         tally: Tally | None = None) -> str | None:
    rules = engine.ruleset(*regulation_of(engine.definitions, action, example))
    spec = rules.compiled.actions.get(action.id) if action is not None else None
    if action is not None and (spec is None or not spec.executable):
        raise ProgramError((), _("{action} has no program to run").format(action=action.name))
    script = [str(c) if not isinstance(c, int) else c for c in example.choices]
    agent = _ExampleAgent(script, None)
    builder = Builder(rules, mentioned_cards(example), [agent, agent], requested)
    builder.played_in = played_in(engine.definitions, action, example)  # what a refusal for the regulation names
    game = builder.build(example.given, ("given",))
    game.tally = tally
    before = view(game)
    if example.steps:
        _flow(game, builder, agent, spec, example, before)
    elif example.illegal is not None:
        request_spec, seat, keys, target = builder.parse_request(example.request or "", ("request",), spec, example.by)
        game.state.chance = seat
        return _refused(game, builder, request_spec, seat, keys, example.illegal, ("request",), target)
    elif example.request is not None:
        _single(game, builder, agent, spec, example)
    # else: no request, no steps: the example looks at the given situation (who holds the chance, what is offered, seen)
    if agent.script:
        return _("choices not used: {choices}").format(choices=agent.script)
    return _differences(game, builder, before, example.expect, ("expect",))


def _single(game: Game, builder: Builder, agent: _ExampleAgent, spec: ActionSpec | None, example: m.Example) -> None:
    """One request, the responses made in answer, then passes until it has left the stage."""
    request_spec, seat, keys, target = builder.parse_request(example.request or "", ("request",), spec, example.by)
    if target:
        agent.target = builder.target(target, ("request",))
    if request_spec.trigger == "triggered":
        made = _trigger(game, request_spec, seat)
    else:
        game.state.chance = seat  # the example's request is made now, by whoever it names
        made = _request(game, builder, request_spec, seat, keys, named=agent.target)
    for i, text in enumerate(example.responses):
        _respond(game, builder, agent, text, ("responses", i))
    for _turn in range(100):
        if game.over or made not in game.state.stage:
            break
        game.apply(PASS, check=False)
    else:
        raise EngineError("the request never left the stage")


def _request(game: Game, builder: Builder, spec: ActionSpec, seat: int, keys: list[str], path: tuple = ("request",),
             named: Any = None) -> Request:
    """The player holding the chance requests the action with the keycards named; refused, it says why.
    A target named (`→ you`) must be the one the request took: when it is not a target the action may have,
    the engine would take another (a choice of one is made by itself), and the example would pass while
    showing something the rules forbid."""
    cards, unit = builder.keycards(spec, seat, keys, path)
    wanted = RequestOption(spec, tuple(sorted(cards)), unit)
    legal = [o for o in game.legal_requests() if isinstance(o, RequestOption) and o.action is spec]
    option = next((o for o in legal if RequestOption(o.action, tuple(sorted(o.keys)), o.unit) == wanted), None)
    if option is None:
        reason = refusal(game, seat, spec, cards, unit)
        ways = sorted({" ".join(TEXT[k] for k in o.keys) for o in legal})
        why = _(REASONS[reason]) if reason in REASONS else _("no reason found")
        if not ways and reason not in (None, "keycards"):
            # No keycards would do, but they are not the cause: the first condition that fails is (the cost, the timing…)
            raise IllegalRequest(_("{action} is refused: {reason} ({why})").format(action=spec.name, reason=reason, why=why))
        # 'legal keycard sets: none' read as if the keycards were at fault when the cost or the timing was.
        instead = (_("it may be requested here with {ways}").format(ways=", ".join("★" + way for way in ways)) if ways
                   else _("no keycards make {action} legal here").format(action=spec.name))
        raise IllegalRequest(_("{action} is refused: {reason} ({why}); {instead}").format(
            action=spec.name, reason=reason, why=why, instead=instead)
            + _regulation_said(builder, [reason]))
    game.apply(option, check=False)
    made = game.made  # the request made at [5] (an effect's requests follow it through [7])
    assert made is not None  # the option applied was a request
    if named is not None and list(made.targets) != [named]:
        took = ", ".join(target_text(game, t, 0) for t in made.targets)
        raise IllegalRequest(_("{action} cannot target {target} here (the target it took instead: {took})").format(
            action=spec.name, target=target_text(game, named, 0), took=took or _("none")))
    return made


def _refused(game: Game, builder: Builder, spec: ActionSpec, seat: int, keys: list[str], expected: Sequence[str], path: tuple,
             target: str | None = None) -> str | None:
    """An `illegal:` request: None when the engine refuses it for every reason given and no other, else what differs.
    A request that names its target (`→ opponent:♠2`) is refused for its target when that is not one the action may
    have, though it may have others (2.10.3)."""
    cards, unit = builder.keycards(spec, seat, keys, path)
    given = reasons(game, seat, spec, cards, unit)
    offered = any(isinstance(o, RequestOption) and o.action is spec and sorted(o.keys) == sorted(cards) and o.unit == unit
                  for o in game.legal_requests())
    if (not given) != offered:  # reasons mirror requests.options: a disagreement is the engine's bug
        raise EngineError(f"{spec.name}: refusal says {', '.join(given) or 'legal'}, but the request is {'' if offered else 'not '}offered")
    named, because = None, ""
    if target and spec.target is not None and "target" not in given:
        named = builder.target(target, path)
        probe = Request(0, spec, seat)
        probe.keys, probe.unit = tuple(cards), unit
        may = target_candidates(game, probe)
        if named not in may:
            given.append("target")
            listed = ", ".join(target_text(game, t, seat) for t in may)
            because = _("{target} is not a target it may have; it may target {listed}").format(
                target=target_text(game, named, seat), listed=listed or _("nothing"))
    wanted = [reason for reason in REASONS if reason in expected]
    if not given:
        also = _(", and {target} is a target it may have").format(target=target_text(game, named, seat)) if named is not None else ""
        return _("{action} was not refused: it is a legal request here{also} (expected illegal: {expected})").format(
            action=spec.name, also=also, expected=", ".join(wanted)) + _regulation_said(builder, wanted)
    if given != wanted:
        said = ", ".join(f"{reason} ({because if reason == 'target' and because else _(REASONS[reason])})" for reason in given)
        return _("{action} is refused for {reasons}; the example expects {expected}").format(
            action=spec.name, reasons=said, expected=", ".join(wanted)) + _regulation_said(builder, [*given, *wanted])
    return None


def _regulation_said(builder: Builder, reasons: Sequence[str | None]) -> str:
    """Where a refusal is about the regulation: which one was played, and why that one (an example without
    regulation: is played in a default the reader may not expect)."""
    played = builder.played_in
    return _("; played in {regulation}").format(regulation=played) if played and "regulation" in reasons else ""


def _give_chance(game: Game, seat: int, text: str) -> None:
    """The players before `seat` pass until it holds the chance (the chance moves, [16])."""
    for _seat in range(len(game.state.players)):
        if game.state.chance == seat or game.node != "3":
            break
        game.apply(PASS, check=False)
    if game.state.chance != seat or game.node != "3":
        raise IllegalRequest(f"{text}: {SIDES[seat]} never gets the chance")


def _respond(game: Game, builder: Builder, agent: _ExampleAgent, text: str, path: tuple) -> None:
    """A request made in answer, while the example's request waits on the stage: the players before
    the responder pass (the chance moves, [16]), then the responder requests."""
    spec, seat, keys, target = builder.parse_request(text, path)
    _give_chance(game, seat, text)
    agent.target = builder.target(target, path) if target else None
    _request(game, builder, spec, seat, keys, path, named=agent.target)


# -- flows ----------------------------------------------------------------------------------------

UNTIL: dict[str, Callable[[Any, int], bool]] = {  # (game, the turn player when the step began) → reached
    "stage-empty": lambda game, turn: not game.state.stage,
    "turn-passed": lambda game, turn: game.state.turn != turn,
    "game-over": lambda game, turn: game.over,
}
MAX_PASSES = 200  # a flow that never reaches its point is reported, not played forever


class StepFailed(Exception):
    """A step of a flow that does not come out as written: reported at the step's own line."""

    def __init__(self, path: tuple, message: str) -> None:
        super().__init__(message)
        self.path = path


def _said(exc: Exception) -> str:
    """What a failed example says; a choice the game asked that `choices:` did not script says where it goes."""
    if isinstance(exc, ScriptError) and exc.ran_out and exc.decision is not None and exc.decision.texts():
        return _("{error}; name the option taken in the example's choices (e.g. choices: [{option}]), "
                 "in the order they are asked").format(error=exc, option=exc.decision.texts()[0])
    return str(exc)


def _flow(game: Game, builder: Builder, agent: _ExampleAgent, spec: ActionSpec | None, example: m.Example, before: dict) -> None:
    """`steps:` in order: requests (the players before the requester pass), passes, `until:` a point, `expect:`."""
    for i, step in enumerate(example.steps):
        path = ("steps", i)
        try:
            message = _step(game, builder, agent, spec, example, before, step, path)
        except (ScriptError, IllegalRequest, EngineError) as exc:
            message = _said(exc)
        if message is not None:
            raise StepFailed(path, _("step {number}: ").format(number=i + 1) + message)


def _step(game: Game, builder: Builder, agent: _ExampleAgent, spec: ActionSpec | None, example: m.Example, before: dict,
          step: Any, path: tuple) -> str | None:
    """One step of a flow; what differs, or None."""
    if "request" in step:
        text = str(step["request"])
        request_spec, seat, keys, target = builder.parse_request(text, path + ("request",), spec, example.by)
        _give_chance(game, seat, text)
        if "illegal" in step:
            return _refused(game, builder, request_spec, seat, keys, m.illegal_reasons(step["illegal"]), path + ("request",), target)
        agent.target = builder.target(target, path + ("request",)) if target else None
        _request(game, builder, request_spec, seat, keys, path + ("request",), named=agent.target)
    elif "pass" in step:
        for _pass in range(int(step["pass"])):
            game.apply(PASS, check=False)
    elif "until" in step:
        reached, turn = UNTIL[step["until"]], game.state.turn
        for _pass in range(MAX_PASSES):
            if reached(game, turn):
                return None
            game.apply(PASS, check=False)
        return _("{point} was never reached").format(point=step["until"])
    elif "expect" in step:
        return _differences(game, builder, before, step["expect"] or {}, path + ("expect",))
    return None


def _trigger(game: Game, spec: ActionSpec, seat: int) -> Request:
    """A triggered action requested as if its condition had just held: through the trigger check."""
    from ..sim.requests import triggered

    request = triggered(game, spec, seat, None)
    if request is None:
        raise IllegalRequest(f"{spec.name} cannot be triggered here (no rare card or no target)")
    game.state.buffer.append(request)
    flow.run(game, TRIGGER_CHECK, flow.TRIGGER_HANDLERS, "start")
    game.state.chance = game.state.turn
    game.node = "3"
    return request


# -- comparing situations -----------------------------------------------------------------------


def _differences(game: Game, builder: Builder, before: dict[str, str], expect: Mapping[str, Any], path: tuple) -> str | None:
    """What differs from `expect`: the situation (compare), then who holds the chance, what the player holding it is
    offered, and what each player sees."""
    found = [compare(before, expect, view(game)), _chance(game, expect), _offered(game, builder, expect, path),
             _sees(game, expect)]
    return "; ".join(difference for difference in found if difference) or None


def _chance(game: Game, expect: Mapping[str, Any]) -> str | None:
    """`chance: you|opponent`: who holds the chance now (6.1.5), as the board shows it."""
    if "chance" not in expect:
        return None
    holder = board(game).chance
    actual = _("nobody (the rule system holds it)") if holder is None else SIDES[holder]
    if holder is not None and SIDES[holder] == expect["chance"]:
        return None
    return _("chance: expected {wanted}, actual {actual}").format(wanted=expect["chance"], actual=actual)


def _offered(game: Game, builder: Builder, expect: Mapping[str, Any], path: tuple) -> str | None:
    """`offered:` / `not_offered:`: actions (by name or id) the player holding the chance may request now, or may not,
    as the engine lists its legal requests; what is offered against the expectation says why (refusal.REASONS)."""
    if "offered" not in expect and "not_offered" not in expect:
        return None
    holder = board(game).chance
    offered = {option.action.id: option.action.name for option in game.legal_requests() if isinstance(option, RequestOption)}
    why = refusals(game, holder) if holder is not None and game.node == "3" else {}
    who = _("nobody") if holder is None else SIDES[holder]
    found: list[str] = []
    for key, wanted in (("offered", True), ("not_offered", False)):
        for i, name in enumerate(expect.get(key) or ()):
            spec = builder.action(str(name), (*path, key, i))
            if (spec.id in offered) == wanted:
                continue
            if wanted:
                reason = why.get(spec.id) or (refusal(game, holder, spec) if holder is not None else "chance") or "keycards"
                found.append(_("{action} is not offered to {seat}: {reason} ({why})").format(
                    action=spec.name, seat=who, reason=reason, why=_(REASONS[reason])))
            else:
                found.append(_("{action} is offered to {seat}").format(action=spec.name, seat=who))
    if not found:
        return None
    return _("{differences} (offered to {seat}: {offered})").format(
        differences="; ".join(found), seat=who, offered=", ".join(offered.values()) or _("nothing"))


def _sees(game: Game, expect: Mapping[str, Any]) -> str | None:
    """`sees: {viewer: {side: {zone: …}}}`: what a player sees of each side (2.11.1), as the engine shows it to that
    player (observation.observe); a zone seen only as a count is written as a number, a card not seen as `?`."""
    found: list[str] = []
    for viewer, sides in (expect.get("sees") or {}).items():
        seat = SIDES.index(viewer)
        seen = observe(game, seat)
        for name, zones in (sides or {}).items():
            shown = seen_zones(seen.you if SIDES.index(name) == seat else seen.opponent)
            for zone, value in (zones or {}).items():
                wanted, actual = _seen_value(value), shown[zone]
                if isinstance(wanted, str) and isinstance(actual, str):
                    if normalize(wanted, True) == normalize(actual, True):
                        continue
                elif wanted == actual:
                    continue
                found.append(_("{viewer} sees {key}: expected {wanted}, actual {actual}").format(
                    viewer=viewer, key=f"{name}.{zone}", wanted=_seen_text(wanted), actual=_seen_text(actual)))
    return "; ".join(found) or None


def _seen_value(value: Any) -> str | int:
    if isinstance(value, bool):
        return str(value).lower()
    return value if isinstance(value, int) else str(value or "")


def _seen_text(value: str | int) -> str:
    """A number is a count: only how many cards is seen."""
    if isinstance(value, int):
        return _("{cards} (only how many is seen)").format(cards=_cards(value))
    return repr(value)


def expected_view(before: dict[str, str], expect: Mapping[str, Any]) -> dict[str, Any]:
    wanted: dict[str, Any] = dict(before)
    for name in SIDES:
        for zone, value in (expect.get(name) or {}).items():
            key = f"{name}.{zone}"
            if zone == "pack_opened":
                wanted[key] = str(bool(value)).lower()
            elif zone == "size_bonus":
                wanted[key] = str(int(value))
            elif isinstance(value, int) and not isinstance(value, bool):
                wanted[key] = value  # a count of cards
            else:
                wanted[key] = normalize(str(value or ""), zone != "life")
    if "stage" in expect:
        wanted["stage"] = " / ".join(str(s).strip() for s in expect["stage"])
    for key in ("turn", "winner"):
        if key in expect:
            wanted[key] = str(expect[key])
    return wanted


def _matches(expected: Any, actual: str, ordered: bool) -> bool:
    if isinstance(expected, int):
        return len(tokens(actual)) == expected
    if "?" not in expected.split():
        return expected == actual
    want, have = expected.split(), tokens(actual)
    if len(want) != len(have):
        return False
    if ordered:
        return all(w in ("?", h) for w, h in zip(want, have))
    rest = list(have)
    for token in [w for w in want if w != "?"]:
        if token not in rest:
            return False
        rest.remove(token)
    return True


def compare(before: dict[str, str], expect: Mapping[str, Any], actual: dict[str, str]) -> str | None:
    """None when the actual situation is the expected one, else what differs (expected vs actual)."""
    wanted = expected_view(before, expect)
    differences = [_difference(key, wanted[key], actual[key]) for key in wanted
                   if not _matches(wanted[key], actual[key], key.endswith(".life") or key == "stage")]
    return "; ".join(differences) or None


def _difference(key: str, wanted: Any, actual: str) -> str:
    """A count is told as counts: the cards of a zone the example only counts are the situation's filler."""
    if isinstance(wanted, int):
        return _("{key}: expected {wanted}, actual {actual}").format(key=key, wanted=_cards(wanted), actual=_cards(len(tokens(actual))))
    return _("{key}: expected {wanted}, actual {actual}").format(key=key, wanted=repr(wanted), actual=repr(actual))


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


# -- every example of the definitions ---------------------------------------------------------------


def run_all(engine: Engine, skip: Collection[str] = frozenset(), tally: Tally | None = None) -> Iterator[Outcome]:
    """Every example of every action but those in `skip` (whose programs do not compile); `tally` records what
    they showed of the programs (which triggers held, which steps had something to act on)."""
    defs = engine.definitions
    for action in (*defs.actions, *defs.frame_actions):
        if action.id in skip:
            continue
        for example in action.examples:
            yield run(engine, action, example, tally)


def run_rulings(engine: Engine, skip: Collection[str] = frozenset()) -> Iterator[Outcome]:
    """Every example of every ruling (definitions/rulings.yaml), each playing the first action its ruling
    concerns unless its request names another; not those whose action is in `skip`."""
    defs = engine.definitions
    for ruling in defs.rulings:
        action = defs.ruling_action(ruling)
        if action is not None and action.id in skip:
            continue
        for example in ruling.examples:
            yield run(engine, action, example, ruling=ruling)
