"""BlackPoker rules toolchain: definitions, validation, simulator and renderers."""

__version__ = "0.1.0"
