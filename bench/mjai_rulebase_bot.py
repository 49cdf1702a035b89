"""The ``mjai`` package's RulebaseBot as an outside program (run by bench/bench_mjai_rulebase.py in its
own virtual environment): ``python mjai_rulebase_bot.py SEAT``, mjai lines on stdin and stdout."""

import sys

from mjai.bot.rulebase import RulebaseBot

if __name__ == "__main__":
    RulebaseBot(player_id=int(sys.argv[1])).start()
