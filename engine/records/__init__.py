"""Game records: the riichi community's log formats (tenhou.net/6 JSON, Tenhou mjlog XML, mjai), the
replay stepper a viewer drives, the review of a seat's play, and the bridge that seats outside mjai
programs at the table. See ``docs/records.md``."""
