"""Game families: riichi, sichuan, lingxi. Each family keeps its flow hooks and scoring in its own package."""
