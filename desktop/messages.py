"""The engine's messages in the player's language.

The engine says why an action is refused, why a tile is not a win, what the practice analysis warns
about and what the table notices as :class:`engine.messages.Message` values (a key and its arguments).
This module is the one place that turns them into words: :func:`text` looks the key up here and
translates the sentence with Qt (``tr``), filling in tile, suit and seat names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from desktop import i18n
from desktop.i18n import tr
from engine.messages import Message


def _texts() -> dict[str, Callable[[], str]]:
    # lambdas: the sentence is translated when it is shown (after a language change too); every
    # literal is a tr() source string that desktop.i18n_build finds
    return {
        "refusal.not_your_turn": lambda: tr("It is not your turn."),
        "refusal.no_seat": lambda: tr("There is no such seat."),
        "refusal.match_over": lambda: tr("The match is over."),
        "refusal.answer_claim": lambda: tr("Answer the claim first (or pass)."),
        "refusal.not_in_hand": lambda: tr("That tile is not in your hand."),
        "refusal.not_possible": lambda: tr("That is not possible now."),
        "refusal.not_offered": lambda: tr("That tile cannot be discarded now."),
        "refusal.flower": lambda: tr("Flowers are set aside and replaced automatically."),
        "refusal.wild_kept": lambda: tr("The 财神 (wild tile) may not be discarded."),
        "refusal.riichi_tsumogiri": lambda: tr("After riichi you must discard the tile you drew."),
        "refusal.riichi_breaks_tenpai": lambda: tr(
            "Riichi needs a tenpai hand: this discard would break it."
        ),
        "refusal.lacking_suit_first": lambda: tr("Discard your lacking suit ({suit}) first."),
        "refusal.kuikae": lambda: tr(
            "Kuikae: you may not discard a tile that completes the set you just called."
        ),
        "refusal.ponned_kind": lambda: tr("A tile of a kind you have ponged may not be discarded."),
        "refusal.dead_hand": lambda: tr("A dead hand cannot win."),
        "refusal.last_four_draw_only": lambda: tr("In the last four tiles every player only draws."),
        "win.furiten": lambda: tr("You are furiten (a wait is in your own discards)."),
        "win.furiten_passed": lambda: tr(
            "You are furiten: you let a winning tile pass since your last discard."
        ),
        "win.no_yaku": lambda: tr("The hand would be complete but has no yaku."),
        "win.lacking_suit": lambda: tr("You still hold tiles of your lacking suit."),
        "win.three_suits": lambda: tr("A winning hand may hold at most two suits."),
        "win.minimum": lambda: tr("The hand does not reach the minimum value of this ruleset."),
        "win.passed_win": lambda: tr("You let a win of the same value go by (过手胡)."),
        "win.single_wait_self_draw": lambda: tr("A 财神 single wait wins only by self-draw."),
        "win.wild_tile": lambda: tr("A 财神 cannot be won on."),
        "win.no_robbing": lambda: tr("This ruleset does not let a kan be robbed."),
        "win.not_complete": lambda: tr("The tile does not complete the hand."),
        "warning.furiten": lambda: tr(
            "Furiten: you discarded one of your waits, so you may not win on a discard."
        ),
        "warning.no_yaku": lambda: tr("Open hand without a yaku on any wait: it cannot win as it stands."),
        "notice.last_four": lambda: tr("The last four tiles: every player only draws."),
        "notice.forced_win": lambda: tr("The last tiles: a win must be taken."),
        "note.dead_hand": lambda: tr("{seat} played a dead hand."),
        "note.hua_zhu": lambda: tr("{seat} was a flower pig (花猪)."),
        "note.ready": lambda: tr("{seat} was ready, with a hand worth {value}."),
        "note.not_ready": lambda: tr("{seat} was not ready."),
        # a scored situation that is not a win (engine.situation.REASON_KEYS)
        "situation.hand_size": lambda: tr(
            "The hand holds {held} tiles; a win needs {needed}, the last tile included."
        ),
        "situation.win_tile_not_in_hand": lambda: tr("The winning tile must be one of the hand's tiles."),
        "situation.not_complete": lambda: tr("These tiles do not make a complete hand."),
        "situation.no_yaku": lambda: tr("The hand is complete but has no yaku (dora alone is not a yaku)."),
        "situation.three_suits": lambda: tr("The hand holds all three suits; a win must lack one."),
        "situation.wild_missing": lambda: tr("Choose the two shown 财神 tiles."),
        # outside (mjai) programs at the table
        "mjai.missing": lambda: tr(
            "{seat}: the bot program {program} was not found, so the strong AI plays this seat."
        ),
        "mjai.refused": lambda: tr(
            "{seat}: an outside bot plays four-player riichi with Tenhou's rules only, "
            "so the strong AI plays this seat."
        ),
        "mjai.bad_answer": lambda: tr(
            "{seat}: the bot's answer was not a legal move; a safe move was played."
        ),
        "mjai.timeout": lambda: tr("{seat}: the bot did not answer in time; a safe move was played."),
        "mjai.died": lambda: tr("{seat}: the bot program exited; it is started again at its next move."),
        "mjai.gave_up": lambda: tr("{seat}: the bot failed too often and plays safe moves from now on."),
    }


def _by_tiles() -> dict[str, Callable[[], dict[int, str]]]:
    """Sentences about the last tiles for each number of them (``tiles``: one for each player, so
    three or two at a smaller table); ``_texts`` has the one for four."""
    return {
        "refusal.last_four_draw_only": lambda: {
            3: tr("In the last three tiles every player only draws."),
            2: tr("In the last two tiles every player only draws."),
        },
        "notice.last_four": lambda: {
            3: tr("The last three tiles: every player only draws."),
            2: tr("The last two tiles: every player only draws."),
        },
    }


def last_tiles_title(tiles: int) -> str:
    """The short words of the draw-only end in the centre box: 「最后四张」, 「最后三张」..."""
    return {3: tr("Last three tiles"), 2: tr("Last two tiles")}.get(tiles) or tr("Last four tiles")


def text(message: Message, names: Sequence[str] = (), score_unit: str | None = None) -> str:
    """The message in the current language; ``names`` name the seats, ``score_unit`` (points, zi) is
    the unit of a ``value`` it carries."""
    make = _texts().get(message.key)
    if make is None:
        return message.key
    counted = _by_tiles().get(message.key)
    tiles = message.arg("tiles")
    if counted is not None and isinstance(tiles, int):
        sentence = counted().get(tiles)
        if sentence is not None:
            make = lambda: sentence  # noqa: E731
    args: dict[str, object] = {}
    for key, value in message.args:
        if key == "suit" and isinstance(value, int) and 0 <= value < 3:
            args[key] = i18n.suit_name(value)
        elif key == "seat" and isinstance(value, int) and 0 <= value < len(names):
            args[key] = names[value]
        elif key in ("kind", "tile") and isinstance(value, int) and 0 <= value < 42:
            args[key] = i18n.tile_name(value)
        elif key == "value" and isinstance(value, int) and score_unit:
            args[key] = i18n.amount_text(value, score_unit)
        else:
            args[key] = value
    try:
        return make().format(**args)
    except (KeyError, IndexError, ValueError):
        return make()
