"""The game core: actions, the shared hand machine, observations, settlement reports, logs."""
