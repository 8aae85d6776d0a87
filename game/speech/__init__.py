"""Speech for blind and low-vision players: what the table says, and the voices that say it.

``backends`` starts a voice (the running screen reader through prismatoid on Windows and
macOS, Speech Dispatcher or espeak-ng on Linux, and the transcript file named by
``SOLITAIRE_SPEECH_LOG``); ``speaker`` queues sentences for it on a thread of its own, so the
frame loop never waits and a new focus cuts the old sentence short; ``narrator`` turns what
happened at the table into sentences in the player's language (``sentences``). Nothing here
imports pygame, and nothing is imported at start-up unless speech is on.
"""
