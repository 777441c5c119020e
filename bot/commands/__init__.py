"""Chat commands: parse a message, run the command on the core, return an Answer."""
