"""Messages the engine gives people: a stable key and its arguments, never a finished sentence.

Refusals (why an action is not allowed), warnings of the practice analysis, the reasons of ledger
lines and notices on the table are all :class:`Message` values. The desktop turns a key into words of
the player's language (Qt's translation files); the command line has plain English fallbacks
(:func:`plain`).

>>> m = Message.of("refusal.lacking_suit_first", suit=2)
>>> m.key, m.arg("suit"), Message.from_json(m.to_json()) == m
('refusal.lacking_suit_first', 2, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Message:
    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Any) -> Message:
        return cls(key, tuple(sorted((k, _frozen(v)) for k, v in args.items())))

    def arg(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key}
        if self.args:
            out["args"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.args}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        return cls.of(str(data["key"]), **dict(data.get("args") or {}))


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


PLAIN: dict[str, str] = {
    "refusal.not_your_turn": "this seat has no decision now (waiting for seat {waiting})",
    "refusal.no_seat": "there is no seat {seat}",
    "refusal.match_over": "the match is over",
    "refusal.answer_claim": "answer the claim first (or pass)",
    "refusal.not_in_hand": "that tile is not in the hand",
    "refusal.ponned_kind": "a kind already ponged may not be discarded",
    "refusal.not_possible": "not possible now",
    "refusal.not_offered": "not one of the legal choices",
    "refusal.flower": "flowers are set aside and replaced automatically",
    "refusal.wild_kept": "a 财神 (wild tile) may not be discarded",
    "refusal.riichi_tsumogiri": "after riichi the drawn tile must be discarded",
    "refusal.riichi_breaks_tenpai": "riichi needs a ready hand: this discard would break it",
    "refusal.lacking_suit_first": "discard the lacking suit first",
    "refusal.kuikae": "kuikae: a tile that completes the set just called may not be discarded",
    "refusal.dead_hand": "a dead hand may not win",
    "refusal.last_four_draw_only": "in the last {tiles} tiles a player only draws",
    "win.furiten": "furiten: a wait is in the seat's own discards",
    "win.furiten_passed": "furiten: a win was let go by since the last discard",
    "win.no_yaku": "the hand would be complete but has no yaku",
    "win.lacking_suit": "the hand still holds tiles of its lacking suit",
    "win.three_suits": "a win may hold at most two suits",
    "win.minimum": "the hand does not reach the minimum value of this ruleset",
    "win.passed_win": "a win of the same value or less was let go by (过手胡)",
    "win.single_wait_self_draw": "a 财神 single wait wins only by self-draw",
    "win.wild_tile": "a 财神 cannot be won on",
    "win.no_robbing": "this ruleset does not let a kan be robbed",
    "win.not_complete": "the tile does not complete the hand",
    "warning.furiten": "furiten: a win on a discard is not possible",
    "warning.no_yaku": "no wait of this open hand has a yaku",
    "notice.last_four": "the last {tiles} tiles (one for each player): draw only",
    "notice.forced_win": "the last tiles: a possible win must be taken",
    "note.dead_hand": "seat {seat} played a dead hand",
    "note.hua_zhu": "seat {seat} was 花猪 (still holding three suits)",
    "note.ready": "seat {seat} was ready, worth {value}",
    "note.not_ready": "seat {seat} was not ready",
    "mjai.not_riichi": "an mjai program plays riichi only, not {family}",
    "mjai.not_four_players": "an mjai program plays four-player riichi, not {seats} players",
    "mjai.not_tenhou": "an mjai program assumes Tenhou's rules: {toggle} must be {tenhou}, not {value}",
    "mjai.missing": "seat {seat}: the bot program {program} was not found; the strong AI plays the seat",
    "mjai.refused": "seat {seat}: an mjai program cannot play these rules; the strong AI plays the seat",
    "mjai.bad_answer": "seat {seat}: the bot gave an answer that is not a legal move; a safe move was played",
    "mjai.timeout": "seat {seat}: the bot did not answer in time; a safe move was played",
    "mjai.died": "seat {seat}: the bot program exited; it is started again at its next move",
    "mjai.gave_up": "seat {seat}: the bot failed too often; it plays safe moves to the end of the game",
    "export.not_riichi": (
        "a {family} game is exported as the project's JSON lines log; "
        "tenhou.net/6 and mjai hold riichi games only"
    ),
    "export.not_four_players": "tenhou.net/6 and mjai hold four-player games only",
    "export.practice_used": (
        "a game where practice tools were used cannot be exported (its walls were changed)"
    ),
    "export.first_dealer": "the first dealer must be seat 0 (tenhou.net/6 and mjai number seats from it)",
    "review.agree": "the same choice as the strong AI",
    "review.missed_win": "a win worth {points} was not taken",
    "review.slower": "{shanten} step(s) further from ready than the AI's choice",
    "review.narrower": "{tiles} fewer tiles improve the hand than after the AI's choice",
    "review.riskier": "about {percent}% more likely to deal in than the AI's choice",
    "review.cheaper": "the hand is worth about {points} less if it wins than after the AI's choice",
    "review.differs": "another choice of about the same worth",
}
"""English for logs and the command line; the desktop translates keys itself."""


def plain(message: Message) -> str:
    """Plain English for a message (its key when none is written)."""
    text = PLAIN.get(message.key)
    if text is None:
        return message.key
    try:
        return text.format(**message.kwargs)
    except (KeyError, IndexError):
        return text
