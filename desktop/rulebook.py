"""The rule book: each family's page (``resources/rulebook/<page>.md``, the page its registry entry
names: ``FamilySpec.rule_page``) shown in English or Chinese, with the example hands drawn with the
game's own tiles. The pages ship with the resources (the package ``tilehouse_resources`` of a pip
install, ``resources/`` of a standalone build), found with :func:`engine.resources.resource_path`.

Pages and languages
    The English page of a family is ``resources/rulebook/<page>.md``; its Chinese version is
    ``resources/rulebook/zh/<page>.md`` (a folder, so that tools listing ``rulebook/*.md`` see one page
    per family). A Chinese heading names the English anchor it stands for in an HTML comment —
    ``## 对局 <!-- #match -->`` — so a link such as ``riichi.md#match`` (the rulebook anchors of the
    ruleset toggles) opens the same section in either language. When a Chinese page is missing the
    English one is shown.

Example hands
    A fenced block whose info string starts with ``tiles`` is drawn as tiles::

        ```tiles ron riichi items=pinfu,tanyao
        234m 456p 678s 345s 2p 2p*
        ```

    Tokens are separated by spaces (a gap between groups); ``[555z]`` is a called meld (the claimed
    tile drawn sideways), ``(5555z)`` a closed kan (the outer tiles face down), a token ending in ``*``
    the winning tile (set apart, framed in red), a token ending in ``^`` 财神 (gold frame) and a
    token starting with ``+`` the shown flowers (set apart). ``0m`` is a red five. Each line of the
    block is one row. The words after ``tiles`` describe the win for
    the tests that score every example (``tests/test_rulebook*.py``): ``ron`` or ``tsumo``, flags,
    ``seat=N``, ``round=E``, ``wild=..``, ``flowers=..``, ``dora=..`` and ``items=a,b`` (the score items
    the hand must show); the viewer ignores them.

Anchors follow GitHub's rule (lower case, punctuation dropped, spaces to hyphens), so the same links
work on GitHub and in the app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QImage,
    QPainter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.i18n import tr
from desktop.tileart import TileState, paint_tile
from engine.families.registry import get_family, specs
from engine.resources import resource_path
from engine.tiles import NotationError, parse

TILE_W = 30.0
TILE_H = 40.0
GAP = 8.0
_FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(\S*)(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_EXPLICIT_ID = re.compile(r"\s*<!--\s*#([\w\-]+)\s*-->\s*$")


# ── files ──────────────────────────────────────────────────────────────────────────────────────
def rule_book_dir() -> Path:
    """``rulebook/`` of the shipped resources (a checkout's ``resources/``, the installed
    ``tilehouse_resources`` package, or the resources of a standalone build)."""
    return resource_path("rulebook")


def families() -> list[str]:
    """The families of the rule book, one tab each, in the registry's order."""
    return [spec.name for spec in specs()]


def family_of_page(page: str) -> str | None:
    """The family whose rule book page is ``page`` (a file name such as ``riichi.md``, or its stem)."""
    stem = Path(page).stem
    return next((spec.name for spec in specs() if spec.rule_page == stem), None)


def page_path(family: str, language: str = "en") -> Path | None:
    """The page of ``family`` (its registry entry names it) in ``language`` ("en" or "zh"), falling back
    to English; None when the family or its page is missing."""
    try:
        page = get_family(family).rule_page
    except ValueError:
        return None
    folder = rule_book_dir()
    candidates = [folder / "zh" / f"{page}.md"] if language.startswith("zh") else []
    candidates.append(folder / f"{page}.md")
    return next((p for p in candidates if p.is_file()), None)


def slug(text: str) -> str:
    """GitHub's heading anchor: ``"Setup: lacking suit"`` → ``setup-lacking-suit``."""
    text = re.sub(r"<[^>]*>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


# ── markdown preparation ───────────────────────────────────────────────────────────────────────
@dataclass
class TilesBlock:
    spec: str  # the block's lines
    words: list[str]  # the info string after ``tiles``

    def options(self) -> dict[str, str]:
        return dict(w.split("=", 1) for w in self.words if "=" in w)

    def flags(self) -> list[str]:
        return [w for w in self.words if "=" not in w]


@dataclass
class Heading:
    level: int
    text: str
    anchors: list[str]


@dataclass
class PreparedPage:
    markdown: str
    tiles: list[TilesBlock] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)


def prepare(text: str) -> PreparedPage:
    """Markdown for Qt: ``tiles`` blocks become images (``tiles:N``), explicit heading ids are taken
    out and remembered with each heading's GitHub anchor."""
    out: list[str] = []
    page = PreparedPage("")
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            marker, info, rest = fence.group(2), fence.group(3), fence.group(4)
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(marker[:3]):
                body.append(lines[i])
                i += 1
            i += 1  # the closing fence
            if info == "tiles":
                index = len(page.tiles)
                page.tiles.append(TilesBlock("\n".join(body), rest.split()))
                out.extend(["", f"![{' '.join(body).strip()}](tiles:{index})", ""])
            else:
                out.extend([line, *body, marker])
            continue
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(2)
            anchors: list[str] = []
            explicit = _EXPLICIT_ID.search(title)
            if explicit:
                anchors.append(explicit.group(1))
                title = title[: explicit.start()]
            anchors.insert(0, slug(title))
            page.headings.append(Heading(len(heading.group(1)), title, anchors))
            out.append(f"{heading.group(1)} {title}")
        else:
            out.append(line)
        i += 1
    page.markdown = "\n".join(out) + "\n"
    return page


# ── tiles ──────────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True)
class TileItem:
    kind: int | None  # None: face down
    red: bool = False
    state: TileState = TileState.NONE
    sideways: bool = False
    gap_before: float = 0.0


def tile_items(spec: str) -> list[list[TileItem]]:
    """The rows of tiles a ``tiles`` block draws (raises ValueError on bad notation)."""
    rows: list[list[TileItem]] = []
    for line in spec.splitlines():
        tokens = line.split()
        if not tokens:
            continue
        row: list[TileItem] = []
        for n, token in enumerate(tokens):
            state = TileState.NONE
            gap = 0.0 if n == 0 else GAP
            if token.startswith("+"):
                token, gap = token[1:], (GAP * 2 if n else 0.0)  # shown flowers, set apart
            if token.endswith("*"):
                token, state, gap = token[:-1], TileState.MARKED, (GAP * 2 if n else 0.0)
            elif token.endswith("^"):
                token, state = token[:-1], TileState.WILD
            called = token.startswith("[") and token.endswith("]")
            closed_kan = token.startswith("(") and token.endswith(")")
            if called or closed_kan:
                token = token[1:-1]
            try:
                faces = parse(token)
            except NotationError as exc:
                raise ValueError(f"tiles block {line!r}: {exc}") from None
            for j, face in enumerate(faces):
                kind: int | None = face.kind
                if closed_kan and len(faces) == 4 and j in (0, 3):
                    kind = None
                row.append(
                    TileItem(
                        kind,
                        face.red,
                        state,
                        sideways=called and j == 0,
                        gap_before=gap if j == 0 else 0.0,
                    )
                )
        rows.append(row)
    return rows


def tiles_image(spec: str, *, tile_w: float = TILE_W, dpr: float = 2.0) -> QImage:
    """The tiles of a ``tiles`` block as an image (logical size: rows of ``tile_w`` wide tiles)."""
    rows = tile_items(spec)
    tile_h = tile_w * TILE_H / TILE_W
    widths = [sum(it.gap_before + (tile_h if it.sideways else tile_w) + 1 for it in row) for row in rows]
    width = max(widths or [1.0])
    height = max(1.0, len(rows) * (tile_h + 6))
    image = QImage(int(width * dpr) + 2, int(height * dpr) + 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    image.setDevicePixelRatio(dpr)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    y = 0.0
    for row in rows:
        x = 0.0
        for it in row:
            x += it.gap_before
            if it.sideways:
                painter.save()
                painter.translate(QPointF(x, y + tile_h))
                painter.rotate(-90)
                paint_tile(painter, QRectF(0, 0, tile_w, tile_h), it.kind, it.red, it.state)
                painter.restore()
                x += tile_h + 1
            else:
                paint_tile(painter, QRectF(x, y, tile_w, tile_h), it.kind, it.red, it.state)
                x += tile_w + 1
        y += tile_h + 6
    painter.end()
    return image


# ── the viewer ─────────────────────────────────────────────────────────────────────────────────
class PageView(QTextBrowser):
    """One page: markdown with tile images and GitHub anchors on every heading."""

    def __init__(self, family: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.family = family
        self.page: PreparedPage | None = None
        self.images: dict[int, QImage] = {}
        self.path: Path | None = None
        self.setOpenLinks(False)
        self.document().setDocumentMargin(18)

    def load(self, language: str) -> bool:
        path = page_path(self.family, language)
        self.path = path
        if path is None:
            self.setMarkdown(tr("The rule book page of this family was not found."))
            self.page = None
            return False
        self.page = prepare(path.read_text(encoding="utf-8"))
        self.images = {}
        dpr = max(1.0, self.devicePixelRatioF())
        for index, block in enumerate(self.page.tiles):
            try:
                self.images[index] = tiles_image(block.spec, dpr=max(2.0, dpr))
            except ValueError:
                self.images[index] = QImage()
        self.document().clear()
        self.setMarkdown(self.page.markdown)
        self._add_anchors()
        return True

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        text = url.toString() if isinstance(url, QUrl) else str(url)
        if text.startswith("tiles:"):
            try:
                return self.images.get(int(text[6:]), QImage())
            except ValueError:
                return QImage()
        return super().loadResource(kind, url)

    def _add_anchors(self) -> None:
        if self.page is None:
            return
        headings = iter(self.page.headings)
        block = self.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() > 0:
                heading = next(headings, None)
                if heading is None:
                    break
                cursor = QTextCursor(block)
                cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
                fmt = QTextCharFormat()
                fmt.setAnchor(True)
                fmt.setAnchorNames(heading.anchors)
                cursor.mergeCharFormat(fmt)
            block = block.next()

    def anchors(self) -> list[str]:
        return [a for h in (self.page.headings if self.page else []) for a in h.anchors]

    def go_to(self, anchor: str) -> bool:
        if anchor not in self.anchors():
            return False
        self.scrollToAnchor(anchor)
        return True


class RuleBookWindow(QDialog):
    """One tab per family, a language choice, the headings as a contents list, and a find box."""

    def __init__(self, parent: QWidget | None = None, language: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Rule book"))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.resize(1040, 760)
        self.language = language or ("zh" if i18n.is_zh() else "en")
        self.tabs = QTabWidget()
        self.views: dict[str, PageView] = {}
        for family in families():
            view = PageView(family)
            view.anchorClicked.connect(self._link)
            self.tabs.addTab(view, i18n.family_name(family))
            self.views[family] = view
        self.contents = QTreeWidget()
        self.contents.setHeaderHidden(True)
        self.contents.itemActivated.connect(self._contents_clicked)
        self.contents.itemClicked.connect(self._contents_clicked)
        self.lang_combo = QComboBox()
        self.lang_combo.addItem("English", "en")
        self.lang_combo.addItem("中文", "zh")
        self.lang_combo.setCurrentIndex(1 if self.language == "zh" else 0)
        self.lang_combo.currentIndexChanged.connect(
            lambda _i: self.set_language(self.lang_combo.currentData())
        )
        self.find_box = QLineEdit()
        self.find_box.setClearButtonEnabled(True)
        self.find_box.setPlaceholderText(tr("Find in this page…"))
        self.find_box.returnPressed.connect(self.find_next)
        self.lang_label = QLabel(tr("Language"))
        top = QHBoxLayout()
        top.addWidget(self.lang_label)
        top.addWidget(self.lang_combo)
        top.addStretch(1)
        top.addWidget(self.find_box, 1)
        split = QSplitter()
        split.addWidget(self.contents)
        split.addWidget(self.tabs)
        split.setStretchFactor(1, 1)
        split.setSizes([250, 790])
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(split, 1)
        self.tabs.currentChanged.connect(lambda _i: self._fill_contents())
        self.set_language(self.language)

    @property
    def current(self) -> PageView:
        view = self.tabs.currentWidget()
        assert isinstance(view, PageView)
        return view

    def set_language(self, language: str) -> None:
        self.language = "zh" if language.startswith("zh") else "en"
        for view in self.views.values():
            view.load(self.language)
        self._fill_contents()

    def select(self, family: str) -> None:
        if family in self.views:
            self.tabs.setCurrentWidget(self.views[family])

    def show_anchor(self, target: str) -> bool:
        """Open ``riichi.md#match``, ``sichuan.md`` or ``#anchor`` (in the current page)."""
        page, _, anchor = target.partition("#")
        family = family_of_page(page) if page else self.current.family
        if family is None or family not in self.views:
            return False
        self.select(family)
        return self.views[family].go_to(anchor) if anchor else True

    def _link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        target = url.toString()
        page = target.partition("#")[0]
        if not page or family_of_page(page) in self.views:
            self.show_anchor(target)
            return
        view = self.current
        base = view.path.parent if view.path is not None else rule_book_dir()
        local = (base / page).resolve()
        if local.is_file():
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(local)))

    def _fill_contents(self) -> None:
        self.contents.clear()
        page = self.current.page
        if page is None:
            return
        parents: list[tuple[int, QTreeWidgetItem | None]] = [(0, None)]
        for heading in page.headings:
            while parents[-1][0] >= heading.level:
                parents.pop()
            parent = parents[-1][1]
            item = QTreeWidgetItem([heading.text])
            item.setData(0, Qt.ItemDataRole.UserRole, heading.anchors[-1])
            if parent is None:
                self.contents.addTopLevelItem(item)
            else:
                parent.addChild(item)
            parents.append((heading.level, item))
        self.contents.expandToDepth(1)

    def _contents_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        anchor = item.data(0, Qt.ItemDataRole.UserRole)
        if anchor:
            self.current.go_to(str(anchor))

    def find_next(self) -> bool:
        text = self.find_box.text()
        if not text:
            return False
        view = self.current
        if view.find(text):
            return True
        view.moveCursor(QTextCursor.MoveOperation.Start)
        found = view.find(text)
        if not found:
            self.find_box.setStyleSheet(f"background: {QColor('#ffd6d6').name()};")
        else:
            self.find_box.setStyleSheet("")
        return found


__all__ = [
    "PageView",
    "PreparedPage",
    "QTextDocument",
    "RuleBookWindow",
    "TileItem",
    "families",
    "family_of_page",
    "page_path",
    "prepare",
    "rule_book_dir",
    "slug",
    "tile_items",
    "tiles_image",
]


# ── example hands as situations (for the tests that score every example) ──────────────────────
def situation_of(block: TilesBlock, family: str) -> dict[str, Any]:
    """The ``tilehouse score`` situation an example hand stands for: its tokens give the hand, the
    melds (``[..]`` called: a chi from the previous seat, a pon or kan from the seat opposite;
    ``(..)`` a closed kan) and the winning tile; its words the win, the flags and the options."""
    options = block.options()
    seat = int(options.get("seat", "1"))
    hand: list[str] = []
    melds: list[dict[str, Any]] = []
    win_tile = ""
    flowers = ""
    for token in block.spec.split():
        token = token.rstrip("^")
        if token.startswith("+"):
            flowers += token[1:]
        elif token.endswith("*"):
            win_tile = token[:-1]
            hand.append(win_tile)
        elif token.startswith("(") and token.endswith(")"):
            melds.append({"type": "closed_kan", "tiles": token[1:-1]})
        elif token.startswith("[") and token.endswith("]"):
            tiles = token[1:-1]
            kinds = [f.kind for f in parse(tiles)]
            if len(kinds) == 4:
                melds.append({"type": "open_kan", "tiles": tiles, "from": (seat + 2) % 4})
            elif len(set(kinds)) == 1:
                melds.append({"type": "pon", "tiles": tiles, "from": (seat + 2) % 4})
            else:
                melds.append({"type": "chi", "tiles": tiles, "from": (seat + 3) % 4})
        else:
            hand.append(token)
    flags = block.flags()
    win = "tsumo" if "tsumo" in flags else "ron"
    situation: dict[str, Any] = {
        "variant": family,
        "hand": "".join(hand),
        "melds": melds,
        "win_tile": win_tile,
        "win": win,
        "seat": seat,
        "flags": [f for f in flags if f not in ("tsumo", "ron")],
    }
    fields = get_family(family).situation_fields
    for key, word, default in (
        ("round_wind", "round", "E"),
        ("dora_indicators", "dora", ""),
        ("ura_indicators", "ura", ""),
    ):
        if key in fields:
            situation[key] = options.get(word, default)
    for key in ("wild", "flowers", "ruleset"):
        if key in options:
            situation[key] = options[key]
    if flowers:
        situation["flowers"] = flowers
    return situation


def expected_items(block: TilesBlock) -> list[str]:
    """The score items an example hand must show (its ``items=`` word)."""
    value = block.options().get("items", "")
    return [item for item in value.split(",") if item]
