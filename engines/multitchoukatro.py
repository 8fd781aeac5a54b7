"""multitchoukatro: rules to come (module reserved in the registry)."""
