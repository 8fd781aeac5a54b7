"""A small SVG writer: one element per line, indented, deterministic."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from xml.sax.saxutils import escape

from .colours import FONT, INK, WHITE


def fmt(value: float) -> str:
    """A coordinate as short, stable text (one decimal at most)."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in DejaVu Sans, for laying out boxes."""
    return len(text) * size * 0.6


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = fmt(value)
        parts.append(f' {name}="{escape(str(value), {chr(34): "&quot;"})}"')
    return "".join(parts)


class Svg:
    """An SVG document written element by element, indented, deterministic."""

    def __init__(self, width: int, height: int, title: str, desc: str) -> None:
        self.width, self.height = width, height
        self.title, self.desc = title, desc
        self.lines: list[str] = []
        self.depth = 1

    def raw(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def element(self, tag: str, content: str | None = None, /, **attrs: object) -> None:
        if content is None:
            self.raw(f"<{tag}{_attrs(attrs)}/>")
        else:
            self.raw(f"<{tag}{_attrs(attrs)}>{escape(content)}</{tag}>")

    @contextmanager
    def group(self, title: str | None = None, **attrs: object) -> Iterator[None]:
        self.raw(f"<g{_attrs(attrs)}>")
        self.depth += 1
        if title:
            self.element("title", title)
        yield
        self.depth -= 1
        self.raw("</g>")

    # shapes

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str = INK,
             width: float = 2, dash: str | None = None, **attrs: object) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=colour, stroke_width=width,
                     stroke_dasharray=dash, stroke_linecap="round", **attrs)

    def polyline(self, points: Sequence[tuple[float, float]], colour: str = INK,
                 width: float = 2, dash: str | None = None, **attrs: object) -> None:
        text = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        self.element("polyline", points=text, fill="none", stroke=colour, stroke_width=width,
                     stroke_dasharray=dash, stroke_linejoin="round", stroke_linecap="round",
                     **attrs)

    def polygon(self, points: Sequence[tuple[float, float]], fill: str = INK,
                stroke: str | None = None, width: float = 1, **attrs: object) -> None:
        text = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        self.element("polygon", points=text, fill=fill, stroke=stroke,
                     stroke_width=width if stroke else None, **attrs)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none",
             stroke: str | None = INK, width: float = 1.5, radius: float = 0,
             dash: str | None = None, **attrs: object) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, rx=radius or None, fill=fill,
                     stroke=stroke, stroke_width=width if stroke else None,
                     stroke_dasharray=dash, **attrs)

    def circle(self, cx: float, cy: float, r: float, fill: str = "none",
               stroke: str | None = INK, width: float = 1.5, dash: str | None = None,
               **attrs: object) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=stroke,
                     stroke_width=width if stroke else None, stroke_dasharray=dash, **attrs)

    def path(self, d: str, colour: str = INK, width: float = 2, fill: str = "none",
             **attrs: object) -> None:
        self.element("path", d=d, fill=fill, stroke=colour, stroke_width=width,
                     stroke_linejoin="round", stroke_linecap="round", **attrs)

    def text(self, x: float, y: float, content: str, size: float = 14, anchor: str = "start",
             colour: str = INK, bold: bool = False, italic: bool = False,
             rotate: float | None = None, **attrs: object) -> None:
        transform = f"rotate({fmt(rotate)} {fmt(x)} {fmt(y)})" if rotate else None
        self.element("text", content, x=x, y=y, font_size=size, text_anchor=anchor,
                     fill=colour, font_weight="bold" if bold else None,
                     font_style="italic" if italic else None, transform=transform, **attrs)

    def render(self) -> str:
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!-- Généré par docs/hardware/draw_diagrams.py : ne pas modifier à la main. -->",
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
            f'font-family="{FONT}">',
            f"  <title>{escape(self.title)}</title>",
            f"  <desc>{escape(self.desc)}</desc>",
            f'  <rect width="{self.width}" height="{self.height}" fill="{WHITE}"/>',
        ]
        return "\n".join([*head, *self.lines, "</svg>", ""])
