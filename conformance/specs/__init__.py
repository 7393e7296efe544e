"""The records of the spec ops (one module each; see ``conformance.core.opspec``)."""
