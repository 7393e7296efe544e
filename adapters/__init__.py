"""One module per backend; backend libraries are imported lazily, inside the targets."""
