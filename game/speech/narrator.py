"""The narrator: what changed at the table since the last frame, said as sentences.

The app hands it a ``Glance`` of the table once a frame (the game, the keyboard's focus, what
is held, the message shown, the solver's verdict, the dialog in front). The narrator compares
it with the last one and speaks the difference: a new deal, the moves of an action with the
cards they turned face up and the automatic moves after them, an undo, a pick-up, a message
(a refusal and its reason, a hint), the verdict, the result. Reading the game's history and
positions, it needs no call from the code that plays the moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.play import Game
from game.speech import sentences as say
from game.speech.speaker import Speaker


@dataclass(frozen=True)
class Glance:
    """The table as speech sees it in one frame."""

    game: Game | None
    focus: tuple[int, int | None] | None = None
    """The keyboard focus (pile index, card index or None on an empty pile); None while hidden."""
    held: tuple[str, int] | None = None
    """The picked-up group: its pile's name and the index of its lowest card."""
    message: tuple[str, float] | None = None
    """The message shown above the status line, with when it goes (a new one is a new pair)."""
    verdict: str | None = None
    """The solver's verdict as the status line shows it ("Winnable: yes"); None while it checks."""
    dialog: tuple[str, ...] | None = None
    """The dialog in front of the table: its title, its lines, then its buttons."""
    control: str | None = None
    """On a screen other than the table: what the keyboard has reached (a button, a game)."""


@dataclass(frozen=True)
class _Seen:
    """What the narrator knew of the game after the last frame."""

    game: Game
    state: State
    steps: int
    step_moves: int
    undone: int


class Narrator:
    """Speaks what changed between glances (see the module doc)."""

    def __init__(self, speaker: Speaker, verbosity: str = say.FULL) -> None:
        self.speaker = speaker
        self.verbosity = verbosity
        self._seen: _Seen | None = None
        self._last = Glance(None)
        self._result_said = ""
        self._verdict: str | None = None
        self._seen_unchanged = True

    def observe(self, glance: Glance) -> None:
        """Say what changed since the last glance."""
        last, self._last = self._last, glance
        if glance.game is not None:
            self._game(glance.game)
        if glance.focus != last.focus and glance.focus is not None and glance.game is not None:
            self._focus(glance.game, glance.focus, last.focus)
        if glance.held != last.held and glance.game is not None:
            self._held(glance.game, glance.held, last.game is glance.game and self._seen_unchanged)
        if glance.message != last.message and glance.message is not None:
            self.speaker.say(glance.message[0])
        if glance.verdict is not None and glance.verdict != self._verdict:
            self._verdict = glance.verdict
            if not self._result_said:  # a won or stuck game has its result, not a verdict
                self.speaker.say(glance.verdict)
        if glance.dialog != last.dialog and glance.dialog is not None:
            self._dialog(glance.dialog)
        if glance.control != last.control and glance.control is not None:
            self.speaker.say(glance.control, interrupt=True)

    def _held(self, g: Game, held: tuple[str, int] | None, unchanged: bool) -> None:
        """A pick-up, or the cards put back without a move."""
        if held is not None:
            self.speaker.say(say.picked_sentence(g.variant, g.state, g.variant.index[held[0]], held[1]))
        elif unchanged:
            # Translators: speech, the picked-up cards put back where they were (Esc)
            self.speaker.say(_("Put back."))

    def _focus(self, g: Game, focus: tuple[int, int | None], before: tuple[int, int | None] | None) -> None:
        """A new focus: said at once, cutting short what is being said, when the player moved it;
        when cards moving shifted it on the same pile, the moves already said it all."""
        if self._seen_unchanged:
            self.say_focus(g, *focus)
        elif before is None or before[0] != focus[0]:
            self.speaker.say(say.focus_sentence(g.variant, g.state, *focus, self.verbosity))

    def say_focus(self, g: Game, pile: int, index: int | None) -> None:
        """The focused pile and card, cutting short what is being said."""
        self.speaker.say(say.focus_sentence(g.variant, g.state, pile, index, self.verbosity), interrupt=True)

    def read_table(self, g: Game) -> None:
        """Every pile in the game's order, one sentence each (the read-the-table key)."""
        self.speaker.stop()
        for pile in range(len(g.state.piles)):
            self.speaker.say(say.pile_sentence(g.variant, g.state, pile))

    def repeat(self) -> None:
        """The last sentence again (the repeat key)."""
        if self.speaker.last:
            self.speaker.say(self.speaker.last, interrupt=True)

    # ------------------------------------------------------------------ the game

    def _game(self, g: Game) -> None:
        seen = self._seen
        now = _Seen(g, g.state, len(g.history), len(g.history[-1]) if g.history else 0, len(g.redo_history))
        self._seen = now
        self._seen_unchanged = seen is not None and seen.state == now.state
        if seen is None or seen.game is not g:
            self._new_game(g)
            return
        if now.state == seen.state and now.steps == seen.steps:
            return
        if now.steps < seen.steps or (now.steps == seen.steps and now.undone > seen.undone):
            self.speaker.say(_("Undo"))
        elif now.undone < seen.undone and now.steps > seen.steps:
            self.speaker.say(_("Redo"))
        else:
            self._moves(g, seen)
        self._progress(g, seen)

    def _new_game(self, g: Game) -> None:
        self._result_said = ""
        self.speaker.say(say.game_title(g.variant, g.deal) + ". " + say.read_key_sentence(), interrupt=True)
        if g.is_won() or g.is_stuck():
            self._result(g)

    def _moves(self, g: Game, seen: _Seen) -> None:
        """The moves made since ``seen``: the rest of its step, then each new step's."""
        positions, history = g.positions, g.history
        if seen.steps:  # automatic moves may have joined the step seen last
            self._say_moves(g, positions[seen.steps - 1], history[seen.steps - 1], seen.step_moves)
        for i in range(seen.steps, len(history)):
            self._say_moves(g, positions[i], history[i], 0)

    def _say_moves(self, g: Game, before: State, moves: Iterable[Move], skip: int) -> None:
        """Each move of a step from ``skip`` on, and the cards it turned face up."""
        replay = Game(g.variant, before)  # each move is said from the position it was played in
        for i, move in enumerate(moves):
            state = replay.state
            replay.play(move, automatic=i > 0)
            if i < skip:
                continue
            text = say.move_sentence(g.variant, state, move, automatic=i > 0, verbosity=self.verbosity)
            if text:
                self.speaker.say(text)
            if replay.state.redeals_left != state.redeals_left:
                self.speaker.say(say.redeals_sentence(replay.state.redeals_left))
            turned = sorted(
                _face_up(replay.state) - _face_up(state), key=lambda c: _position(replay.state, c)
            )
            if turned:
                self.speaker.say(say.revealed_sentence(turned, dealt=move.source == "stock"))

    def _progress(self, g: Game, seen: _Seen) -> None:
        score_before = sum(len(seen.state.piles[f]) for f in g.variant.foundations)
        if g.score != score_before and not (g.is_won() or g.is_stuck()):  # the result says it
            self.speaker.say(say.home_sentence(g.score, self.verbosity))
        if g.is_won() or g.is_stuck():
            self._result(g)
        else:
            self._result_said = ""

    def _result(self, g: Game) -> None:
        text = _("You won!") if g.is_won() else _("No moves left")
        if text != self._result_said:
            self._result_said = text
            self.speaker.say(text)
            self.speaker.say(say.home_sentence(g.score))

    def _dialog(self, dialog: tuple[str, ...]) -> None:
        title, *lines = dialog
        if title != self._result_said:  # the win and no-moves screens: said with the last move
            self.speaker.say(title)
        for line in lines:
            self.speaker.say(line)


def _face_up(state: State) -> set[Card]:
    return {c for i, pile in enumerate(state.piles) for c in pile[state.hidden[i] :]}


def _position(state: State, card: Card) -> tuple[int, int]:
    for i, pile in enumerate(state.piles):
        if card in pile:
            return i, pile.index(card)
    return len(state.piles), 0
