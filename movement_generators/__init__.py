"""The movements of pairs events (Mitchell, Howell, custom ones from CSV, their checks and cards) in pure Python:
no Django and nothing of the project but `scoring`. The `movements` Django app and the events build on it; what
they import is in `movement_generators.api`."""
