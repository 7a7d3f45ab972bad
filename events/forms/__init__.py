"""The events app's forms: session setup, result entry rows, traveller import."""
