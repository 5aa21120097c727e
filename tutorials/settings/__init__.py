"""Settings split by environment: base, dev, test, prod."""
