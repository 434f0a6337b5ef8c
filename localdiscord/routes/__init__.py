"""The REST routes the simulated Discord serves, a group of Discord's routes a module."""
