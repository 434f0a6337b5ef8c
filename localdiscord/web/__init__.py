"""The local table's page: a Discord-like client served on 127.0.0.1."""
