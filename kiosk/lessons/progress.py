"""How far the visitor at the table went in each lesson, until the next visitor.

The kiosk keeps one :class:`LessonProgress`; the attract mode starts a new one
(whoever touches the screen next is someone else).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class LessonProgress:
    done: set[tuple[str, str]] = field(default_factory=set)
    """(game, lesson id) of the lessons followed to their end."""
    reached: dict[tuple[str, str], int] = field(default_factory=dict)
    """(game, lesson id) -> steps seen, for lessons begun."""

    def saw(self, game: str, lesson: str, step: int) -> None:
        key = (game, lesson)
        self.reached[key] = max(self.reached.get(key, 0), step + 1)

    def finished(self, game: str, lesson: str) -> None:
        self.done.add((game, lesson))

    def is_done(self, game: str, lesson: str) -> bool:
        return (game, lesson) in self.done

    def steps_seen(self, game: str, lesson: str) -> int:
        return self.reached.get((game, lesson), 0)
