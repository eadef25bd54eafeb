"""Kharkov Suite: the headless core (no Qt outside kharkovsuite.view)."""
