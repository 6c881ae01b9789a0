"""A solver plugin that fails on import, on purpose."""

raise RuntimeError("the loopback's broken plugin fails on import, on purpose")
