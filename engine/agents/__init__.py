"""Agents choose an action from a seat's observation and legal actions only."""
