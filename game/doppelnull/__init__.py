"""The pygame table of Agent Doppelnull."""
