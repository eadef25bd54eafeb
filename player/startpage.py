"""The start page: choose a game, a scenario, its options and who plays each side.

Shown when ``kharkov`` starts without a scenario or a saved game, and by File > New game.  It
lists the three games with a picture of each map (rendered from the scenario's map, kept on
disk in the cache folder of :mod:`kharkovsuite.tablecache`), each game's scenarios (title,
length, dates, sides, description, read from ``scenarios/*.yaml``), the set-ups the rule
system offers and the options the scenario sets, who plays each side (a person, or a computer
player at a difficulty), the dice seed, and the games and scenarios opened lately.  A game
whose rules cannot be played at the window yet is listed with the reason, and cannot be
started.  Every part is reached with the keyboard (Tab, arrows, Enter starts).
"""
from __future__ import annotations

import datetime
import html
import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QRectF, QSettings, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from kharkovsuite import tablecache
from kharkovsuite.errors import report_unexpected
from kharkovsuite.resources import scenarios_dir
from kharkovsuite.scenario import Scenario, ScenarioError

from .systems import GAMES, kit_for, why_not_playable

SCENARIOS = scenarios_dir()  # the checkout's, or the installed share folder's
THUMB_WIDTH = 300
MAX_RECENT = 8
RECENT_GAMES = "recent"  # the QSettings keys (the window's File > Open recent reads the first)
RECENT_SCENARIOS = "recent_scenarios"


def day(date: str) -> str:
    """An ISO date of the turn record in words ("1942-05-12" -> "12 May 1942"); other text as it is."""
    try:
        d = datetime.date.fromisoformat(str(date))
    except ValueError:
        return str(date)
    return f"{d.day} {d.strftime('%B')} {d.year}"


def player_settings() -> QSettings:
    return QSettings("kharkovsuite", "player")


@dataclass
class ScenarioInfo:
    """One scenario file as the start page lists it (``problem`` when it cannot be read)."""

    path: Path
    scenario: Scenario | None = None
    problem: str = ""

    @property
    def rules(self) -> str:
        return self.scenario.rules if self.scenario is not None else ""

    @property
    def title(self) -> str:
        return self.scenario.title if self.scenario is not None else self.path.name

    def length(self) -> str:
        """The length in turns and the dates, in words: the date of the last turn is when it starts, so it is
        named as such (a turn of four days starting on 17 March ends a campaign titled "to 19 March")."""
        s = self.scenario
        if s is None or not s.turns:
            return ""
        first, last = s.turns[0], s.turns[-1]
        dates = f" from {day(first.date)}, the last on {day(last.date)}" if first.date and last.date else ""
        return f"{len(s.turns)} turns{dates}"

    def sides(self) -> dict[str, str]:
        return {k: v.name for k, v in self.scenario.sides.items()} if self.scenario is not None else {}

    def why_not(self) -> str | None:
        """Why it cannot be started (None: it can)."""
        if self.problem:
            return self.problem
        return why_not_playable(self.rules)


@dataclass
class Game:
    """A rule system's game and its scenarios."""

    rules: str
    name: str
    scenarios: list[ScenarioInfo] = field(default_factory=list)


def read_scenarios(folder: Path = SCENARIOS) -> list[ScenarioInfo]:
    """Every scenario file of ``folder``; a file that does not load is listed with its problems (file:line)."""
    from .controller import scenario

    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            out.append(ScenarioInfo(path, scenario(path)))
        except ScenarioError as exc:
            out.append(ScenarioInfo(path, problem="; ".join(str(p) for p in exc.problems[:3])))
        except Exception as exc:  # noqa: BLE001 - one bad file must not hide the others
            out.append(ScenarioInfo(path, problem=report_unexpected(exc)))
    return out


def games_of(infos: list[ScenarioInfo]) -> list[Game]:
    """The games in the registry's order, then any other rule system a scenario names."""
    games = {rules: Game(rules, name) for rules, name in GAMES.items()}
    for info in infos:
        if info.scenario is not None:
            games.setdefault(info.rules, Game(info.rules, info.rules)).scenarios.append(info)
        else:  # listed, so that its author sees why it is missing from its game
            games.setdefault("", Game("", "Scenario files that cannot be read")).scenarios.append(info)
    for game in games.values():  # the shortest first, as a game's booklet orders them (by file name, Scenario 2 came first)
        game.scenarios.sort(key=lambda i: (len(i.scenario.turns), i.title) if i.scenario is not None else (0, i.title))
    return list(games.values())


def map_thumbnail(info: ScenarioInfo, width: int = THUMB_WIDTH) -> QImage:
    """The scenario's map drawn ``width`` pixels wide, from the disk cache when the scenario (and
    its map file) is unchanged since it was drawn."""
    files = [info.path.read_bytes()]
    for name in sorted((info.path.parent / "maps").glob("*.yaml")):
        if name.name in files[0].decode("utf-8", "replace"):
            files.append(name.read_bytes())
    folder = tablecache.cache_dir()
    path = folder / "thumbnails" / f"{tablecache.content_key(str(width), *files)[:32]}.png" if folder is not None else None
    if path is not None and path.exists():
        image = QImage(str(path))
        if not image.isNull():
            return image
    from kharkovsuite.view import MapScene

    scene = MapScene(info.scenario)
    for name in list(scene.layers):
        if name not in ("terrain", "hexsides", "rails", "cities", "lines"):
            scene.set_layer_visible(name, False)
    source = QRectF(scene.map_rect)
    height = round(width * source.height() / source.width())
    scene.set_view_scale(width / source.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(p, QRectF(0, 0, width, height), source)
    p.end()
    scene.deleteLater()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(path))
    return image


def player_words(name: str) -> str:
    """A computer player's name (kharkovsuite.ai.PLAYERS) in a player's words."""
    if name.startswith("ai:"):
        return f"Computer, {name.removeprefix('ai:')}"
    return {"ai": "Computer, standard", "random": "Computer, random moves", "greedy": "Computer, greedy"}.get(name, f"Computer ({name})")


@dataclass
class Choice:
    """What the start page was asked to open: a new game (``scenario`` with its set-up, players and
    seed) or a saved game (``load``)."""

    scenario: Path | None = None
    setup: str = "historical"
    players: dict[str, str] = field(default_factory=dict)
    seed: int = 0
    load: Path | None = None
    options: tuple[str, ...] = ()  # the advanced or optional rules switched on beyond the scenario's own


class StartPage(QDialog):
    """Games, scenarios, options and players; Start (or Enter) accepts with :attr:`choice`."""

    def __init__(self, parent: QWidget | None = None, *, folder: Path = SCENARIOS, current: Path | None = None,
                 settings: QSettings | None = None):
        super().__init__(parent)
        self.setObjectName("start_page")
        self.setWindowTitle("New game — Kharkov Suite")
        self.settings = settings if settings is not None else player_settings()
        self.choice: Choice | None = None
        self.infos = read_scenarios(folder)
        self.games = games_of(self.infos)
        self._thumbs: dict[str, QPixmap] = {}

        self.game_list = QListWidget(self)
        self.game_list.setObjectName("games")
        self.game_list.setAccessibleName("Games")
        self.game_list.setIconSize(QSize(THUMB_WIDTH // 2, THUMB_WIDTH // 2))
        self.game_list.setWordWrap(True)
        self.game_list.setSpacing(4)
        for game in self.games:
            item = QListWidgetItem(self._game_text(game), self.game_list)
            item.setData(Qt.ItemDataRole.UserRole, game.rules)
            item.setIcon(QIcon(self._thumbnail(game)))
            item.setToolTip(self._game_text(game))
        self.scenario_list = QListWidget(self)
        self.scenario_list.setObjectName("scenarios")
        self.scenario_list.setAccessibleName("Scenarios")
        self.scenario_list.setWordWrap(True)
        self.scenario_list.setSpacing(2)
        self.details = QTextBrowser(self)
        self.details.setObjectName("scenario_details")
        self.details.setOpenLinks(False)
        self.setup_box = QComboBox(self)
        self.setup_box.setObjectName("setup")
        self.setup_box.setAccessibleName("Set-up")
        self.options_label = QLabel(self)
        self.options_label.setWordWrap(True)
        self.option_boxes: dict[str, QCheckBox] = {}
        self.option_host = QWidget(self)
        self.option_list = QVBoxLayout(self.option_host)
        self.option_list.setContentsMargins(0, 0, 0, 0)
        self.players_form = QFormLayout()
        self.player_boxes: dict[str, QComboBox] = {}
        self.seed = QSpinBox(self, minimum=0, maximum=2**31 - 1, value=int(time.time()) % 100000)
        self.seed.setObjectName("seed")
        self.seed.setAccessibleName("Dice seed")
        self.start_button = QPushButton("&Start the game", self)
        self.start_button.setObjectName("start")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.why_label = QLabel(self)
        self.why_label.setObjectName("why_not")
        self.why_label.setWordWrap(True)
        self.why_label.setStyleSheet("color: #7a1f00;")
        self.recent_list = QListWidget(self)
        self.recent_list.setObjectName("recent")
        self.recent_list.setAccessibleName("Recent games and scenarios")
        self._fill_recent()

        options = QGroupBox("Options", self)
        form = QFormLayout(options)
        form.addRow("&Set-up", self.setup_box)
        form.addRow(self.options_label)
        form.addRow(self.option_host)
        players = QGroupBox("Players", self)
        players_box = QVBoxLayout(players)
        players_box.addLayout(self.players_form)
        seed_form = QFormLayout()
        seed_form.addRow("Dice &seed", self.seed)
        players_box.addLayout(seed_form)
        right = QVBoxLayout()
        right.addWidget(self.details, 1)
        right.addWidget(options)
        right.addWidget(players)
        right.addWidget(self.why_label)
        right.addWidget(self.start_button)
        grid = QGridLayout(self)
        grid.addWidget(self._title("&Games", self.game_list), 0, 0)
        grid.addWidget(self.game_list, 1, 0)
        grid.addWidget(self._title("S&cenarios", self.scenario_list), 0, 1)
        grid.addWidget(self.scenario_list, 1, 1)
        grid.addWidget(self._title("&Recent games and scenarios", self.recent_list), 2, 0, 1, 2)
        grid.addWidget(self.recent_list, 3, 0, 1, 2)
        grid.addLayout(right, 0, 2, 4, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(2, 4)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(3, 1)
        self.setTabOrder(self.game_list, self.scenario_list)
        self.setTabOrder(self.scenario_list, self.setup_box)

        self.game_list.currentRowChanged.connect(self._game_chosen)
        self.scenario_list.currentRowChanged.connect(self._scenario_chosen)
        self.scenario_list.itemActivated.connect(lambda _item: self.start())
        self.recent_list.itemActivated.connect(self._recent_chosen)
        self.resize(1280, 820)
        self.select_scenario(current if current is not None else next((i.path for i in self.infos if i.why_not() is None), None))
        self.game_list.setFocus()

    # ------------------------------------------------------------------ parts
    def _title(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(f"<b>{text}</b>", self)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setBuddy(buddy)  # Alt+the underlined letter reaches the list
        return label

    def _game_text(self, game: Game) -> str:
        if not game.rules:
            return f"{game.name}\n{len(game.scenarios)} file(s): choose one to see why"
        why = next((i.why_not() for i in game.scenarios), None) if game.scenarios else f"{game.name}: no scenario in this version"
        count = f"{len(game.scenarios)} scenario{'s' if len(game.scenarios) != 1 else ''}"
        if why is None:
            return f"{game.name}\n{count}"
        return f"{game.name}\n{count} · cannot be played yet: {why.split(': ', 1)[-1]}"

    def _thumbnail(self, game: Game) -> QPixmap:
        info = next((i for i in game.scenarios if i.scenario is not None), None)
        if info is None:
            pix = QPixmap(THUMB_WIDTH // 2, THUMB_WIDTH // 2)
            pix.fill(QColor("#d8d2c0"))
            return pix
        if game.rules not in self._thumbs:
            self._thumbs[game.rules] = QPixmap.fromImage(map_thumbnail(info))
        return self._thumbs[game.rules]

    def _fill_recent(self) -> None:
        self.recent_list.clear()
        for key, what in ((RECENT_GAMES, "Saved game"), (RECENT_SCENARIOS, "Scenario")):
            for p in recent(self.settings, key):
                item = QListWidgetItem(f"{what}: {Path(p).name} — {p}", self.recent_list)
                item.setData(Qt.ItemDataRole.UserRole, (key, p))
        if not self.recent_list.count():
            item = QListWidgetItem("No games or scenarios opened yet", self.recent_list)
            item.setFlags(Qt.ItemFlag.NoItemFlags)

    # ------------------------------------------------------------------ choosing
    def current_game(self) -> Game | None:
        row = self.game_list.currentRow()
        return self.games[row] if 0 <= row < len(self.games) else None

    def current_info(self) -> ScenarioInfo | None:
        game = self.current_game()
        row = self.scenario_list.currentRow()
        return game.scenarios[row] if game is not None and 0 <= row < len(game.scenarios) else None

    def select_scenario(self, path: Path | None) -> None:
        """Show the game of ``path`` with that scenario chosen (the first game when None or unknown)."""
        target = Path(path).resolve() if path is not None else None
        for g, game in enumerate(self.games):
            for s, info in enumerate(game.scenarios):
                if info.path.resolve() == target:
                    self.game_list.setCurrentRow(g)
                    self.scenario_list.setCurrentRow(s)
                    return
        self.game_list.setCurrentRow(0)

    def _game_chosen(self, row: int) -> None:
        game = self.current_game()
        self.scenario_list.clear()
        if game is None:
            return
        for info in game.scenarios:
            why = info.why_not()
            if info.scenario is None:
                text = f"{info.path.name}\ncannot be read: {why}"
            else:
                text = f"{info.title}\n{info.length()}" + (f"\nCannot be played yet: {why.split(': ', 1)[-1]}" if why else "")
            item = QListWidgetItem(text, self.scenario_list)
            item.setToolTip(text)
            if why:
                item.setForeground(QColor("#6b6b6b"))
        if not game.scenarios:
            item = QListWidgetItem(f"No {game.name} scenario in this version", self.scenario_list)
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self._scenario_chosen(-1)
            return
        self.scenario_list.setCurrentRow(0)

    def _scenario_chosen(self, _row: int) -> None:
        info = self.current_info()
        self.setup_box.clear()
        for box in self.option_boxes.values():
            self.option_list.removeWidget(box)
            box.deleteLater()
        self.option_boxes = {}
        for box in self.player_boxes.values():
            self.players_form.removeRow(box)
        self.player_boxes = {}
        if info is None:
            self.details.setHtml("")
            self.options_label.setText("")
            self._allow(self.current_game().name + ": no scenario to start" if self.current_game() else "no game chosen")
            return
        self.details.setHtml(self._details_html(info))
        why = info.why_not()
        if why is None:
            for key, words in kit_for(info.rules).setups.items():
                self.setup_box.addItem(words, key)
        declared = info.scenario.options if info.scenario is not None else {}
        self.options_label.setText("Options this scenario sets: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in declared.items())
                                   if declared else "This scenario sets no optional rules.")
        if why is None:
            for name, words in getattr(kit_for(info.rules).rules(), "OPTIONS", {}).items():
                box = QCheckBox(words, self.option_host)
                box.setObjectName(f"option_{name}")
                box.setChecked(bool(declared.get(name, False)))
                self.option_list.addWidget(box)
                self.option_boxes[name] = box
        for side, name in info.sides().items():
            box = QComboBox(self)
            box.setObjectName(f"player_{side}")
            box.setAccessibleName(f"{name} player")
            box.addItem("A person at this screen", "human")
            if why is None:
                from kharkovsuite.ai import players

                for player in players(info.rules):  # the computer players of this game's own rule system
                    box.addItem(player_words(player), player)
            self.player_boxes[side] = box
            self.players_form.addRow(f"{name} player", box)
        self._allow(why)

    def _allow(self, why: str | None) -> None:
        for widget in (self.setup_box, self.seed, self.start_button, *self.player_boxes.values()):
            widget.setEnabled(why is None)
        self.why_label.setText("" if why is None else f"Cannot be started: {why}")
        self.why_label.setVisible(why is not None)

    def _details_html(self, info: ScenarioInfo) -> str:
        s = info.scenario
        if s is None:
            return f"<h3>{html.escape(info.path.name)}</h3><p>This file cannot be read: {html.escape(info.problem)}</p>"
        sides = " against ".join(html.escape(n) for n in info.sides().values())
        paragraphs = "".join(f"<p>{html.escape(p.strip())}</p>" for p in s.description.split("\n\n") if p.strip())
        return (f"<h3>{html.escape(s.title)}</h3><p><b>{html.escape(GAMES.get(s.rules, s.rules))}</b> · {sides} · "
                f"{html.escape(info.length())}</p>{paragraphs}<p><small>{html.escape(str(info.path))}</small></p>")

    def choices(self) -> dict[str, str]:
        """Side -> "human" or the name of a computer player."""
        return {side: box.currentData() for side, box in self.player_boxes.items()}

    def start(self) -> bool:
        """Accept with the chosen scenario, set-up, players and seed; refused (with the reason shown) when it cannot be played."""
        info = self.current_info()
        why = info.why_not() if info is not None else "no scenario chosen"
        if why is not None:
            self._allow(why)
            return False
        self.choice = Choice(scenario=info.path, setup=self.setup_box.currentData(), players=self.choices(), seed=self.seed.value(),
                             options=tuple(f"{n}={'on' if b.isChecked() else 'off'}" for n, b in self.option_boxes.items()))
        remember(self.settings, RECENT_SCENARIOS, info.path)
        self.accept()
        return True

    def _recent_chosen(self, item: QListWidgetItem) -> None:
        key, path = item.data(Qt.ItemDataRole.UserRole)
        if key == RECENT_GAMES:
            self.choice = Choice(load=Path(path))
            self.accept()
        else:
            self.select_scenario(Path(path))
            self.scenario_list.setFocus()


def recent(settings: QSettings, key: str) -> list[str]:
    """The files of the recent list ``key`` that are still there, most recent first.  A list of one path is written
    to the settings file as a plain string and read back as one: taken for a list, it spelled the path out letter by
    letter, and the letters '/' and '.' (folders, left out here) were remembered as games."""
    value = settings.value(key, [])
    entries = [value] if isinstance(value, str) else [str(p) for p in value or []]
    return [p for p in entries if p and Path(p).is_file()]


def remember(settings: QSettings, key: str, path: Path) -> None:
    """Put ``path`` first in the recent list ``key`` (at most MAX_RECENT)."""
    entries = [str(path)] + [p for p in recent(settings, key) if p != str(path)]
    settings.setValue(key, entries[:MAX_RECENT])


__all__ = ["Choice", "ScenarioInfo", "StartPage", "map_thumbnail", "read_scenarios", "recent", "remember"]
