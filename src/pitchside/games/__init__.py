"""The games. Each package has the same files: state, actions, rules, cards, view, render, heuristics."""
