"""A plugin that fails on import."""

raise RuntimeError("this plugin is broken on purpose")
