"""The pygame interface, in packages whose imports run one way (tests/test_project.py
checks it): `shell` (the window, the loop, the scene stack, widgets, dialogs, the game
session) ← `geometry` (where the table's parts and cards go) ← `motion` (tweens and the
choreography of a move) ← `table` (the table scene: controller, input, drawing) ←
`screens` (menu, settings, rules, statistics, score sheets), `learning` (the tutorial)
and `review` (a played hand, decision by decision), which never import one another.
"""
