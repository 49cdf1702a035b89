"""Sichuan mahjong (四川麻将, 血战到底): the hand flow, scoring, match and situation scorer."""
