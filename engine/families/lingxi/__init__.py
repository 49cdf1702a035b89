"""Lingxi mahjong (灵溪麻将): 144 tiles in stacks, 财神 wildcards, five sets and a pair, 台 for everyone.

* :mod:`.wall` — dice, the stacks on the table, the 财神 reveal, the tail and the reserve;
* :mod:`.wilds` — which tiles are 财神 and how they are grouped;
* :mod:`.scoring` — 台 of winners and non-winners, 杀猪 and 花胡, doubling and the settlement;
* :mod:`.hand` — :class:`~engine.families.lingxi.hand.LingxiHand`, one hand on the shared flow;
* :mod:`.match` and :mod:`.family` — the match and the family object the core runs;
* :mod:`.situation` — ``tilehouse score`` for Lingxi situations.

The rule book page is ``resources/rulebook/lingxi.md``.
"""
