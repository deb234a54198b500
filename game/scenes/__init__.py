"""The scenes of the app, kept on a stack by `game.app.App`."""
