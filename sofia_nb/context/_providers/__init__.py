"""The context providers: one module (or package) per provider, each defining ``TOOLS``.

:mod:`.._registry` imports them by name (``PROVIDER_MODULES``); they are built from the helpers in
``_support`` and may use another provider's parts (``packagist`` and ``github`` read ``composer``'s).
"""
