"""UI tests (the app, driver and toy-title fixtures are in tests/conftest.py)."""
