"""What the context providers share: walking, roots, budgets, tokens, parsing, searching, rendering.

No module here defines a tool or imports a provider or the registry (an import-linter contract in
``pyproject.toml`` keeps it so).
"""
