"""User interfaces: the command line (and later the web app)."""
