// Shared values' keys read their store from dependencies, and tests set them there.
@_exported import Dependencies
