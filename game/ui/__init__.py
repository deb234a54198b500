"""Shared front-end pieces every title's screen is built on."""
