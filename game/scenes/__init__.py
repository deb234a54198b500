"""The scenes of the app, each a `game.ui.scene.Scene`, kept on a stack by `game.app.App`;
they go to each other through its routes (`game.scenes.routes`)."""
