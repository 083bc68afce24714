"""Scenarios written from the rulebook's own examples and rules (2.10, 6.4), played through the
Game API: requests at [3], answers from scripted agents. Expected results come from the text.

A ruling about one action (its timing, activation condition, keycards, costs, target) or a flow of
requests (エンド → チャージ → ドロー, アタック → ブロック → ダメージ判定) is an example of that action in
definitions/ (`illegal:`, `steps:`; tests/sim/test_rulings.py). What stays here is the engine's
machinery: the target check at resolution, the win/loss check, triggers per card, sizes and labels."""

from __future__ import annotations

from toolchain import sim, simtools

from .helpers import field, observed, offered, pass_, request, situation, zone

A, B = 0, 1


def resolutions(log: list) -> list[tuple[str, bool]]:
    return [(request.action.name, effective) for kind, (request, effective) in ((k, d) for k, d in log if k == "resolve")]


def test_up_answered_by_down_does_nothing_when_its_target_is_gone(engine: sim.Engine) -> None:
    """2.10.4 対象条件を確認: アップ on a soldier, answered by ダウン; ダウン resolves first and the
    soldier is in the graveyard, so アップ resolves without effect (its keycard goes to the graveyard)."""
    game = situation(engine, {"you": {"field": "♢4", "hand": "♡3 ♠9"}, "opponent": {"hand": "♠5 ♣9"}})
    log = observed(game)
    request(game, "アップ ★♡3")
    pass_(game)  # A passes: the chance moves to B ([16])
    request(game, "ダウン ★♠5")
    pass_(game, 2)  # B, then A: everyone passed, ダウン resolves ([15])
    assert zone(game, A, "graveyard") == sorted(["♢4", "♠9"])
    assert [r.action.name for r in game.state.stage] == ["アップ"]
    pass_(game)  # 6.4 (reading): the record was reset after [15]; the turn player's pass alone resolves nothing
    assert resolutions(log) == [("ダウン", True)] and game.state.chance == B
    pass_(game)
    assert resolutions(log) == [("ダウン", True), ("アップ", False)]
    assert zone(game, A, "graveyard") == sorted(["♢4", "♠9", "♡3"])
    assert zone(game, A, "fog") == []
    assert zone(game, B, "graveyard") == sorted(["♠5", "♣9"])
    assert game.state.stage == []


def test_twist_answered_by_reverse_on_an_equipped_soldier_loses_its_target(engine: sim.Engine) -> None:
    """2.10.4: ツイスト on an 装備兵, answered by リバース; the soldier splits into bulwarks, so
    ツイスト has lost its target and resolves without effect."""
    game = situation(engine, {"you": {"hand": "♢5 ♡9"}, "opponent": {"field": "♠3+♠9", "hand": "♣7 ♡7"}}, ["そのまま"])
    log = observed(game)
    request(game, "ツイスト ★♢5")
    pass_(game)
    request(game, "リバース ★♣7 ♡7")
    pass_(game, 2)
    assert field(game, B) == ["[♠3]", "[♠9]"]
    pass_(game, 2)  # both pass again before ツイスト resolves (6.4, reading)
    assert resolutions(log) == [("リバース", True), ("ツイスト", False)]
    assert field(game, B) == ["[♠3]", "[♠9]"]


def test_five_damage_with_one_card_of_life_is_one_damage(engine: sim.Engine) -> None:
    """2.10.4 効果を発揮: with 1 card of life, 5 damage is 1 damage; the win/loss check then ends the game."""
    game = situation(engine, {"you": {"hand": "♠5 ♣K"}, "opponent": {"life": "♢2"}})
    request(game, "投擲 ★♠5 ♣K")
    pass_(game, 2)
    assert zone(game, B, "graveyard") == ["♢2"]
    assert game.over and game.winner == A


def test_the_turn_player_is_checked_first_and_loses_when_both_lives_are_empty(engine: sim.Engine) -> None:
    """2.10.5: with both lives at 0 after a resolution, the turn player loses."""
    game = situation(engine, {"you": {"life": "♣2", "hand": "♠5"}, "opponent": {"life": 0}}, ["♠5"])
    request(game, "防壁設置")  # $L empties A's life; the request is instant and resolves at once
    assert game.over and game.winner == B


def test_only_the_player_with_an_empty_life_loses(engine: sim.Engine) -> None:
    game = situation(engine, {"you": {"life": "♣2 ♣3", "hand": "♠5"}, "opponent": {"life": 0}}, ["♠5"])
    request(game, "防壁設置")
    assert game.over and game.winner == A


def test_ceasefire_answers_a_triggered_damage_judgment(engine: sim.Engine) -> None:
    """6.4 (the toolchain's reading, PASS_RECORD_RESETS and READINGS in the core-flow data): 2.10 「相手に許可を得てリクエストが
    実行されます」, 6.1 許可制のゲーム, [11] 「パス記録がリセットされるため、同じプレイヤー名は2回登録されません」.
    The pass record is reset when a triggered request goes on the stage and after every resolution, so
    the opponent holds the chance before the triggered ダメージ判定 resolves, and 停戦
    (「ダメージ判定アクションを対象とする」) can answer it."""
    game = situation(
        engine,
        {"you": {"field": "♠9"}, "opponent": {"hand": "♢2 ♢3", "life": "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J"}},
        ["♠9", "ブロックしない"],
    )
    log = observed(game)
    request(game, "アタック")
    pass_(game, 2)  # アタック resolves; the triggered ブロック goes on the stage
    pass_(game)  # the turn player passes: nothing resolves, the opponent holds the chance
    assert [r.action.name for r in game.state.stage] == ["ブロック"] and game.state.chance == B
    pass_(game)  # ブロック resolves (no block); the triggered ダメージ判定 goes on the stage
    assert [r.action.name for r in game.state.stage] == ["ダメージ判定"]
    pass_(game)
    assert game.state.chance == B and [r.action.name for r in game.state.stage] == ["ダメージ判定"]
    request(game, "停戦 ★♢2 ♢3")
    pass_(game, 2)  # 停戦 resolves and negates ダメージ判定
    assert game.state.stage == []
    assert ("ダメージ判定", True) not in resolutions(log)
    assert zone(game, B, "life") == sorted("♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J".split())  # no damage
    assert zone(game, B, "graveyard") == ["♢2", "♢3"]


def test_succession_triggers_once_per_card_from_the_field(engine: sim.Engine) -> None:
    """2.10.6 パターン2 / 世代交代: a J and a Q of one character going to the graveyard trigger twice."""
    game = situation(engine, {"you": {"hand": "♠2 ♠3"}, "opponent": {"field": "♡J+♡Q", "life": "♣2 ♣K ♣3 ♣Q ♣4"}})
    log = observed(game)
    request(game, "キル ★♠2 ♠3")
    pass_(game, 2)
    assert [d.action.name for k, d in log if k == "request"].count("世代交代") == 2
    assert zone(game, B, "hand") == ["♣K", "♣Q"]


def test_sizes_and_labels_come_from_the_definitions_and_abilities(engine: sim.Engine) -> None:
    """2.8, 4.3.2, 6.4.2: sizes are recomputed from the cards and the modifiers that apply now."""
    game = situation(engine, {"you": {"field": "♠Q ♢A ♣3+♣9 ♣A+♣5 Joker(+2) [♡7]", "size_bonus": 3}})
    characters = simtools.board(game).sides[A].field
    # ♠Q 12, ♢A 1, ♣3+♣9 12, ♣A+♣5 6, Joker 0 (+2 this), each soldier +3 (your); a bulwark has no size
    assert sorted(c.size for c in characters) == sorted([12 + 3, 1 + 3, 12 + 3, 6 + 3, 0 + 2 + 3, 0])
    labels = {c.component: c.labels for c in characters}
    assert "haste" in labels["ace"] and "haste" in labels["magician"] and "haste" not in labels["hero"]
    equipped = [c.labels for c in characters if c.component == "equipped-soldier"]
    assert sorted("haste" in found for found in equipped) == [False, True]  # ♣A+♣5 has an A
    assert labels["bulwark"] == frozenset({"blocker"})


def test_an_open_trump_grants_its_label_to_your_soldiers_of_its_suit(engine: sim.Engine) -> None:
    """5.3.4: あなたの場にいる ♠ の兵士は <スラッシュ> を持つ (while the trump ♠2 is face up)."""
    game = situation(engine, {"you": {"trump": "♠2(up)", "field": "♠7 ♡7"}, "opponent": {"field": "♠8"}})
    slash = sorted(("slash" in c.labels, side.seat) for side in simtools.board(game).sides for c in side.field)
    assert slash == [(False, 0), (False, 1), (True, 0)]  # ♡7 (yours) and ♠8 (the opponent's) have none
    assert offered(game, "スラッシュ ★♠7")
    game.state.players[A].trumps_up.clear()
    assert not offered(game, "スラッシュ ★♠7")


class _Recording:
    """Answers from a script and keeps every decision's prompt and options (what the rules offered)."""

    def __init__(self, script: list[str]) -> None:
        self.script = script
        self.asked: list[tuple[str, list[str]]] = []

    def choose(self, decision: sim.Decision) -> int:
        texts = decision.texts()
        if decision.prompt == "墓地の一番上":
            return len(texts) - 1  # which card goes public on top is not what these scenarios are about
        self.asked.append((decision.prompt, texts))
        return texts.index(self.script.pop(0))


def _attack_and_block(engine: sim.Engine, script: list[str]) -> tuple[sim.Game, _Recording]:
    agent = _Recording(script)
    game = sim.from_situation(engine, {
        "you": {"field": "♠5 ♠6(driven) ♠7(new) ♢A+♢8(new) ♣2+♣9(new) [♡4]"},
        "opponent": {"field": "♣4 ♣3(driven) ♣8(new) [♢2] [♢3](driven)"},
    }, regulation=("master", "extra"), agents=[agent, agent])
    request(game, "アタック")
    while game.state.stage and not game.over:
        pass_(game)
    return game, agent


def test_attackers_are_charged_characters_with_attacker_and_new_ones_only_with_haste(engine: sim.Engine) -> None:
    """アタック: 「<アタッカー> を持っているキャラクター」「ドライブ状態の兵士は指定できない」「このターン場に出た
    キャラクターは指定できない、ただし <速攻> があるキャラクターは指定できる」: ♠5 and the new 装備兵 with an A
    (装備兵 <速攻>: キーカードに A が含まれる場合のみ); not the driven ♠6, the new ♠7 or ♣2+♣9, nor the bulwark."""
    _, agent = _attack_and_block(engine, ["♠5", "♢A+♢8", "ブロックしない", "ブロックしない"])
    assert agent.asked[0] == ("アタッカー", ["♠5", "♢A+♢8", "決定"])


def test_blockers_are_charged_a_new_soldier_may_block_and_a_bulwark_blocks_one_attacker_alone(engine: sim.Engine) -> None:
    """ブロック: 「ドライブ状態のキャラクターは指定できない」 (♣3, [♢3]); nothing bars a soldier that came this turn
    (♣8); 「兵士でブロックする場合、1 アタッカーに対して複数の兵士」 while a bulwark blocks one attacker alone, and
    a character blocks once. ダメージ判定: ♠5 against [♢2] (no shared number) loses nothing; ♢A+♢8 (9) against
    ♣4 and ♣8 (12) goes to the graveyard."""
    game, agent = _attack_and_block(engine, ["♠5", "♢A+♢8", "防壁でブロック", "兵士でブロック", "♣4", "♣8"])
    blocking = [(prompt, options) for prompt, options in agent.asked if prompt in ("ブロック", "ブロッカー")]
    assert blocking == [
        ("ブロック", ["兵士でブロック", "防壁でブロック", "ブロックしない"]),  # for ♠5: [♢2] is the one charged bulwark
        ("ブロック", ["兵士でブロック", "ブロックしない"]),  # for ♢A+♢8: [♢2] already blocks
        ("ブロッカー", ["♣4", "♣8"]),
        ("ブロッカー", ["♣8", "決定"]),
    ]
    assert field(game, A) == ["[♡4]", "♠5(driven)", "♠6(driven)", "♠7(new)", "♣2+♣9(new)"]
    assert field(game, B) == ["[♢3](driven)", "♣3(driven)", "♣4", "♣8(new)"]
    assert zone(game, B, "graveyard") == ["♢2"]


def test_the_requester_keeps_the_chance_and_the_turn_player_gets_it_after_a_resolution(engine: sim.Engine) -> None:
    """6.1.5 「チャンスを持っている間は何度でもリクエストすることができます」: after アップ the requester still
    holds the chance, and only quick actions are offered (メイン: 「ステージが空」); its pass moves the chance
    ([16]); when the stage has resolved, [2] gives the chance to the turn player, who may again use メイン."""
    game = situation(engine, {"you": {"hand": "♡3 ♡4 ♠8 ♠9", "field": "♢5"}, "opponent": {"hand": "♣2"}}, ["♠8"])
    request(game, "アップ ★♡3")
    assert game.state.chance == A
    assert offered(game, "アップ ★♡4") and not offered(game, "エンド") and not offered(game, "アタック")
    pass_(game)
    assert game.state.chance == B
    pass_(game)
    assert game.state.stage == [] and game.state.chance == A
    assert offered(game, "エンド") and offered(game, "アタック")


def test_the_frame_zones_show_what_their_access_levels_say(engine: sim.Engine) -> None:
    """5.3.1 公開レベル (2.11.1) of the frames' zones. パック: 「完全公開:開封済み・未開封」「個人公開:開封後のパックの
    中身」「非公開:未開封のパックの中身」 — its owner does not know an unopened pack either; レアカード: 「完全公開:
    レアカードの枚数」「個人公開:レアカードの中身」; 切札: 「完全公開:表裏を変えずに見えるカード」「個人公開:伏せてある
    カード」. パック開封 「対戦相手に見せ手札に加える」: the opponent knows that card; レア召喚 「キーカード (レアカード)
    はステージ上に置かれ完全公開となる」."""
    game = situation(engine, {
        "you": {"pack": "♣2 ♣3 ♣4", "rare": "♡K", "trump": "♠2(up) ♡3", "field": "♢9"},
        "opponent": {"pack": "♠5 ♠6", "rare": "♣K", "trump": "♢3(up) ♣4"},
    }, ["♣3"])
    mine, theirs = sim.observe(game, A), sim.observe(game, B)
    assert (mine.you.pack, mine.you.pack_opened) == (3, False)  # 非公開 to its owner too: only how many
    assert (theirs.opponent.pack, theirs.opponent.pack_opened) == (3, False)
    assert mine.you.rare == ("♡K",) and theirs.opponent.rare == 1 and mine.opponent.rare == 1
    assert mine.you.trump == ("♠2(up)", "♡3") and theirs.opponent.trump == ("?", "♠2(up)")
    request(game, "パック開封")  # 即時: it resolves at once
    mine, theirs = sim.observe(game, A), sim.observe(game, B)
    assert mine.you.pack == ("♣2", "♣4") and mine.you.pack_opened  # 個人公開 once opened
    assert (theirs.opponent.pack, theirs.opponent.pack_opened) == (2, True)
    assert theirs.opponent.known == ("hand:♣3",) and mine.opponent.known == ()
    request(game, "レア召喚 ★♡K")  # $S: ♢9, the one character
    assert [request.cards for request in sim.observe(game, B).stage] == [("♡K",)]
    assert sim.observe(game, B).opponent.rare == 0
