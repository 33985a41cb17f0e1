"""The workshop: phases, engine, extraction, context summary, cards deck and discovery enrichment."""
