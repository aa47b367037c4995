"""Agents: anything that picks an action from what one seat may see."""

from pitchside.agents.base import Agent, Observation, RandomAgent, make_agent

__all__ = ["Agent", "Observation", "RandomAgent", "make_agent"]
