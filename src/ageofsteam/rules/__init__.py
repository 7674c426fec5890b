"""The base rules of Age of Steam: the phases of a turn, each in its own module, and the hooks a map
overrides (:class:`ageofsteam.rules.base.BaseRules`)."""
