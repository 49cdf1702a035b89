"""Japanese riichi mahjong: flow hooks, win evaluation (:mod:`.scoring`), payments."""
