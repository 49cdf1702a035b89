"""Drills: what-to-discard positions from simulated games and scoring questions, with a score history.

* :mod:`engine.drills.discard` — :func:`discard_position` and its ranked answer;
* :mod:`engine.drills.scoring` — :func:`scoring_question`: a finished hand as a ``tilehouse score``
  situation, the value to find and the grading of an answer;
* :mod:`engine.drills.history` — the answers kept in the user data folder.

No Qt here: the desktop's drill window (``desktop/drills.py``) and the tests use the same functions.
"""

from engine.drills.discard import DiscardGrade, DiscardOption, DiscardPosition, discard_position
from engine.drills.history import HistorySummary, history_path, load_history, record_answer, summarize

__all__ = [
    "DiscardGrade",
    "DiscardOption",
    "DiscardPosition",
    "HistorySummary",
    "discard_position",
    "history_path",
    "load_history",
    "record_answer",
    "summarize",
]
