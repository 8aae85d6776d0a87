"""Shared by every test folder: this folder is on ``sys.path`` for ``solver_stand_in``."""
