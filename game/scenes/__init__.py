"""The screens: a stack of scenes (variant chooser, table, rules, menu, win, dialogs)."""
