"""Mouse and keyboard: raw pygame events become intents and gestures, then engine moves."""
