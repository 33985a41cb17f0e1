"""The built-in model providers, one module each (``PROVIDER`` in each); ``_registry`` finds them."""
