"""The pygame front end of Siatka: window, scenes, widgets, drawing, input -> actions."""
